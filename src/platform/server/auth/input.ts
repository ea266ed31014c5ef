import { APIError } from 'better-auth/api'
import type { z } from 'zod'
import { MAX_PASSWORD_LENGTH } from '@/features/accounts/password-rules'
import { DISPLAY_NAME_MAX, USERNAME_MAX } from '@/features/accounts/rules'
import { EMAIL_MAX_LENGTH } from '@/features/launch-list/rules'
import { safeRedirect } from '@/shared/redirect'
import { text } from '@/shared/text'

const URL_MAX = 2048
const url = (label: string) => text(label, { max: URL_MAX, trim: false })
// Better Auth gives its own message past MAX_PASSWORD_LENGTH; this bound only stops absurd input.
const password = (label: string) => text(label, { max: MAX_PASSWORD_LENGTH * 8, trim: false })

/**
 * The text fields of the auth requests the site makes (body or query), under the shared text rule.
 * Only what is checked here reaches our hooks, Better Auth and the database; the values are not changed.
 */
const AUTH_TEXT_FIELDS: Record<string, z.ZodType> = {
  email: text('E-mail', { max: EMAIL_MAX_LENGTH }),
  newEmail: text('New e-mail', { max: EMAIL_MAX_LENGTH }),
  password: password('Password'),
  newPassword: password('New password'),
  currentPassword: password('Current password'),
  // Verification links carry a signed token (a JWT naming the address), reset and magic links a random one.
  token: text('Token', { max: 2048, trim: false }),
  // The sign-up form sends an empty name; the display name is the profile's (50 characters).
  name: text('Name', { max: DISPLAY_NAME_MAX }),
  image: url('Image').nullable(),
  username: text('Username', { max: USERNAME_MAX * 8 }),
  // A TOTP or backup code, or a provider's authorization code on its callback (some run to ~2 KB).
  code: text('Code', { max: 4096, trim: false }),
  state: text('state', { max: 1024, trim: false }),
  provider: text('provider', { max: 64 }),
  providerId: text('providerId', { max: 64 }),
  accountId: text('accountId', { max: 255 }),
  callbackURL: url('callbackURL'),
  newUserCallbackURL: url('newUserCallbackURL'),
  errorCallbackURL: url('errorCallbackURL'),
  redirectTo: url('redirectTo'),
  error: text('error', { max: 256 }),
  error_description: text('error_description', { max: URL_MAX }),
}

/** Where Better Auth sends the browser afterwards. */
const REDIRECT_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'] as const

/** Keys that would reach an object's prototype if some code merged the body into another object. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

const badRequest = (message: string) => new APIError('BAD_REQUEST', { code: 'INVALID_INPUT', message })

/** The first prototype key anywhere in a parsed JSON value (walked without recursion: bodies nest deep). */
function prototypeKey(value: unknown): string | null {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (item === null || typeof item !== 'object') continue
    if (Array.isArray(item)) {
      stack.push(...item)
      continue
    }
    for (const [key, child] of Object.entries(item)) {
      if (PROTOTYPE_KEYS.has(key)) return key
      stack.push(child)
    }
  }
  return null
}

/**
 * A redirect target Better Auth would take but which must not be followed: a path that resolves to
 * another host (`/..//evil.test`, `/\\evil.test`) or to `//host` on this one, or a URL whose path does.
 * Other origins are Better Auth's own check (trustedOrigins).
 */
function unsafeRedirect(value: string, publicOrigin: string): boolean {
  let target: URL
  try {
    target = new URL(value, publicOrigin)
  } catch {
    return false // not a URL at all: Better Auth's own check refuses it
  }
  if (value.startsWith('/') && target.origin !== publicOrigin) return true
  const path = `${target.pathname}${target.search}${target.hash}`
  return safeRedirect(path, target.origin) !== path
}

/** A user's `image` is an https address, or an address or path of this site; never `javascript:` or `data:`. */
function acceptableImage(value: string, publicOrigin: string): boolean {
  try {
    const target = new URL(value, publicOrigin)
    if (target.origin === publicOrigin) return value.startsWith('/') || value.startsWith(`${publicOrigin}/`)
    return target.protocol === 'https:' && /^https:\/\//i.test(value)
  } catch {
    return false
  }
}

/** OAuth providers may post their answer as a form (`response_mode=form_post`). */
const isProviderCallback = (path: string | undefined) =>
  path?.startsWith('/callback/') === true || path?.startsWith('/oauth2/callback/') === true

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i

interface AuthInput {
  path?: string
  request?: Request
  body?: unknown
  query?: unknown
}

/**
 * Checks an auth request before anything reads it (Better Auth's `hooks.before`): a POST carries a JSON
 * object (Better Auth would also take forms, which the site never sends), without prototype keys; every
 * known text field (body and query) is a string under the text rule; an image is an https address or
 * one of the site's; and redirect targets stay paths of the site. A bad value is Better Auth's 400 (`INVALID_INPUT`), a form 415, and an off-site target 403
 * `INVALID_CALLBACK_URL`, as Better Auth answers for other origins.
 */
export function checkAuthInput(ctx: AuthInput, publicOrigin: string): void {
  if (ctx.request?.method === 'POST' && !isProviderCallback(ctx.path)) {
    if (!JSON_TYPE.test(ctx.request.headers.get('content-type') ?? '')) {
      throw new APIError('UNSUPPORTED_MEDIA_TYPE', {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Content-Type must be application/json',
      })
    }
    const { body } = ctx
    if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
      throw badRequest('The request body must be a JSON object')
    }
  }
  const key = prototypeKey(ctx.body)
  if (key) throw badRequest(`The request may not contain the key "${key}"`)
  for (const source of [ctx.body, ctx.query]) {
    if (source === null || typeof source !== 'object' || Array.isArray(source)) continue
    const fields = source as Record<string, unknown>
    for (const [name, schema] of Object.entries(AUTH_TEXT_FIELDS)) {
      if (!Object.hasOwn(fields, name) || fields[name] === undefined) continue
      const result = schema.safeParse(fields[name])
      if (!result.success) throw badRequest(result.error.issues[0]?.message ?? `${name} is not valid`)
    }
    if (typeof fields.image === 'string' && !acceptableImage(fields.image, publicOrigin))
      throw badRequest('Image must be an https address')
    for (const name of REDIRECT_FIELDS) {
      const value = fields[name]
      if (typeof value === 'string' && value !== '' && unsafeRedirect(value, publicOrigin)) {
        throw new APIError('FORBIDDEN', { code: 'INVALID_CALLBACK_URL', message: `Invalid ${name}` })
      }
    }
  }
}
