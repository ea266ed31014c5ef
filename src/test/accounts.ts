import { desc, eq } from 'drizzle-orm'
import { type Me, meResponseSchema } from '@/features/accounts/contract'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { apiErrorSchema } from '@/shared/api-error'
import { type createTestApp, TEST_ORIGIN } from './app'
import { totpCode } from './totp'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

export const STRONG_PASSWORD = 'Kitsune-Trade-42'

/** The cookies an answer sets, as a Cookie header. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** The newest outbox mail to `email` (undefined when none). */
export async function lastMail(t: TestApp, email: string) {
  const [mail] = await t.database.db
    .select()
    .from(pendingEmails)
    .where(eq(pendingEmails.toEmail, email))
    .orderBy(desc(pendingEmails.id))
    .limit(1)
  return mail
}

/** The newest link in the newest outbox mail to `email`. */
export async function lastMailLink(t: TestApp, email: string): Promise<string> {
  const mail = await lastMail(t, email)
  const link = mail?.textBody?.match(/https?:\/\/\S+/)?.[0]
  if (!link) throw new Error(`no mail with a link to ${email}`)
  return link
}

/** A request as the browser on our origin sends it. */
export function send(
  t: TestApp,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...init.headers }
  if (init.cookie) headers.cookie = init.cookie
  let body: BodyInit | undefined
  if (init.body instanceof FormData) body = init.body
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.body)
  }
  return t.app.request(path, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body })
}

/** Signs up with a password, follows the verification link and returns the session cookie. */
export async function createVerifiedUser(t: TestApp, email: string, password = STRONG_PASSWORD) {
  const res = await send(t, '/api/auth/sign-up/email', { body: { email, password, name: '' } })
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  const link = new URL(await lastMailLink(t, email))
  const verified = await t.app.request(link.pathname + link.search, { headers: { origin: TEST_ORIGIN } })
  const cookie = cookiesOf(verified)
  if (!cookie.includes('session_token')) throw new Error(`verification gave no session: ${verified.status}`)
  return { cookie }
}

/**
 * Signs up (or in) by the mailed magic link and returns the session cookie: a verified user without a
 * password, several times faster than createVerifiedUser (no password to hash).
 */
export async function createMagicLinkUser(t: TestApp, email: string) {
  const res = await send(t, '/api/auth/sign-in/magic-link', { body: { email, callbackURL: '/' } })
  if (!res.ok) throw new Error(`magic link failed: ${res.status} ${await res.text()}`)
  const link = new URL(await lastMailLink(t, email))
  const signedIn = await t.app.request(link.pathname + link.search, { headers: { origin: TEST_ORIGIN } })
  const cookie = cookiesOf(signedIn)
  if (!cookie.includes('session_token')) throw new Error(`magic link gave no session: ${signedIn.status}`)
  return { cookie }
}

/** A verified user with a username (`magicLink`: signed up by magic link, faster). */
export async function createUserWithUsername(
  t: TestApp,
  email: string,
  username: string,
  options: { magicLink?: boolean } = {},
) {
  const { cookie } = await (options.magicLink ? createMagicLinkUser : createVerifiedUser)(t, email)
  const res = await send(t, '/api/profile/username', { body: { username }, cookie })
  if (!res.ok) throw new Error(`username failed: ${res.status} ${await res.text()}`)
  return { cookie }
}

/** Many verified users, signed up by magic link through the real API, `batch` at a time. */
export async function createUsers(t: TestApp, emails: string[], batch = 25) {
  const users: { email: string; cookie: string }[] = []
  for (let i = 0; i < emails.length; i += batch) {
    const chunk = emails.slice(i, i + batch)
    const made = await Promise.all(chunk.map((email) => createMagicLinkUser(t, email)))
    users.push(...made.map(({ cookie }, j) => ({ email: chunk[j]!, cookie })))
  }
  return users
}

/** The signed-in user of a cookie (GET /api/me), or null for a visitor. */
export async function currentUser(t: TestApp, cookie: string): Promise<Me | null> {
  return meResponseSchema.parse(await (await send(t, '/api/me', { cookie })).json()).user
}

/** The signed-in user of a cookie; throws for a visitor. */
export async function meOf(t: TestApp, cookie: string): Promise<Me> {
  const user = await currentUser(t, cookie)
  if (!user) throw new Error('the cookie signs nobody in')
  return user
}

/** A verified user who has enrolled TOTP and confirmed it with a code: two-factor is on. */
export async function createUserWithTotp(t: TestApp, email: string) {
  const { cookie } = await createVerifiedUser(t, email)
  const enable = await send(t, '/api/auth/two-factor/enable', { body: { password: STRONG_PASSWORD }, cookie })
  if (!enable.ok) throw new Error(`two-factor enable failed: ${enable.status}`)
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] }
  const session = cookiesOf(enable) || cookie
  const verify = await send(t, '/api/auth/two-factor/verify-totp', {
    body: { code: totpCode(totpURI) },
    cookie: session,
  })
  if (!verify.ok) throw new Error(`two-factor confirm failed: ${verify.status}`)
  return { totpURI, backupCodes, cookie: cookiesOf(verify) || session }
}

/** An API error answer: its status with the body's code, message and per-field messages. */
export async function errorOf(res: Response) {
  const { error } = apiErrorSchema.parse(await res.json())
  return { status: res.status, ...error }
}
