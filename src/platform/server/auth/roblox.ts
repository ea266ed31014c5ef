import { getOAuthState } from 'better-auth/api'
import type { GenericOAuthConfig } from 'better-auth/plugins'
import { z } from 'zod'
import { ROBLOX_PROVIDER_ID } from '@/features/accounts/rules'
import { placeholderEmail } from '@/shared/no-email'
import { hasControlCharacters } from '@/shared/text'
import type { Db } from '../db/client'
import type { Env } from '../env'
import { callHook } from '../hooks'
import { type RobloxIdentity, robloxIdentityRefusal } from './hooks'

/**
 * Sign in with Roblox (docs/decisions/046-sign-in-with-roblox.md): Roblox's OpenID Connect provider
 * through Better Auth's generic OAuth plugin, its endpoints and keys from the issuer's discovery
 * document, with PKCE, a nonce and the scopes `openid profile`. Roblox gives no e-mail.
 */
export { ROBLOX_PROVIDER_ID }
export const ROBLOX_PROVIDER_NAME = 'Roblox'
export const ROBLOX_SCOPES = ['openid', 'profile']

/** The error codes of a refused Roblox sign-in or link (the address of the page it returns to carries it). */
export const ROBLOX_ERRORS = {
  invalidProfile: 'roblox_profile_invalid',
  taken: 'roblox_account_taken',
} as const

const name = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !hasControlCharacters(value))

/**
 * What Roblox says of its user (userinfo, or the ID token's claims): `sub` is the Roblox user id,
 * `preferred_username` the username, `nickname` and `name` the display name, `picture` the headshot
 * (null when Roblox has none). Anything else (another shape, a name with control characters) is no
 * Roblox user.
 */
const robloxClaimsSchema = z.object({
  sub: z.union([z.string().regex(/^[1-9]\d{0,15}$/), z.number().int().positive()]),
  preferred_username: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,20}$/)
    .refine((value) => !value.startsWith('_') && !value.endsWith('_')),
  nickname: name(50).nullish().catch(null),
  name: name(50).nullish().catch(null),
  picture: z.string().max(2048).nullish().catch(null),
})

/** The Roblox user of a provider profile, or null when the profile is not one. */
export function robloxIdentityOf(profile: unknown): RobloxIdentity | null {
  const parsed = robloxClaimsSchema.safeParse(profile)
  if (!parsed.success) return null
  const { sub, preferred_username: username, nickname, name: displayName, picture } = parsed.data
  const id = Number(sub)
  if (!Number.isSafeInteger(id)) return null
  return {
    id,
    username,
    displayName: nickname ?? displayName ?? username,
    picture: picture?.startsWith('https://') ? picture : null,
  }
}

/**
 * The user fields of a Roblox sign-in. Roblox gives no e-mail and Better Auth's user needs one: a new
 * account gets the placeholder of its Roblox id (src/shared/no-email.ts), which nobody else can hold
 * (sign-up and a change of e-mail refuse `.invalid` addresses), so it is "verified" by construction and
 * only ever names the account Roblox made. Linking Roblox to a signed-in account keeps that account's own
 * address: Better Auth joins a provider account to the one whose address it gives.
 */
export async function robloxUserFields(profile: Record<string, unknown>) {
  const link = (await getOAuthState())?.link
  if (link) return { email: link.email, emailVerified: true }
  const identity = robloxIdentityOf(profile)
  return {
    email: placeholderEmail(ROBLOX_PROVIDER_ID, String(identity?.id ?? profile.sub ?? 'unknown')),
    emailVerified: true,
    name: identity?.displayName ?? '',
    image: identity?.picture ?? undefined,
  }
}

/** Roblox's provider for the generic OAuth plugin, when its client id and secret are set. */
export function robloxProviderConfig(env: Env): GenericOAuthConfig | null {
  if (!env.ROBLOX_CLIENT_ID || !env.ROBLOX_CLIENT_SECRET) return null
  return {
    providerId: ROBLOX_PROVIDER_ID,
    name: ROBLOX_PROVIDER_NAME,
    // env.ts keeps the issuer with one trailing slash: https://apis.roblox.com/oauth/.well-known/…
    discoveryUrl: `${env.ROBLOX_OAUTH_ISSUER}.well-known/openid-configuration`,
    clientId: env.ROBLOX_CLIENT_ID,
    clientSecret: env.ROBLOX_CLIENT_SECRET,
    scopes: ROBLOX_SCOPES,
    pkce: true,
    // Who signs in is read from the ID token: never without Roblox's keys to check it.
    requireIdTokenVerification: true,
    mapProfileToUser: robloxUserFields,
  }
}

/** A Roblox user a request vouched for, until the account it signs in to or links is written. */
export interface PendingRobloxIdentity {
  identity: RobloxIdentity
  newAccount: boolean
}

/** What Better Auth's `user.validateUserInfo` gets (the part read here). */
interface UserInfoCheck {
  user: { id?: string | null }
  source: {
    method: string
    action: 'create-user' | 'link-account' | 'sign-in'
    oauth?: { providerId: string; profile?: Record<string, unknown> }
  }
}

/**
 * Better Auth's gate of a provider's user before an account is made, linked or signed in to. For Roblox:
 * the profile must be a Roblox user, and a Roblox account another TradeHub account has verified may not
 * make a new account nor be linked to another (a sign-in to the account that already holds it stays
 * possible: its verification is then left to the other account). The Roblox user is kept for the
 * request, for the account hooks to record once the account is written (`pending`).
 */
export function checkRobloxUser(db: () => Db, pending: WeakMap<Request, PendingRobloxIdentity>) {
  return async ({ user, source }: UserInfoCheck, ctx: { request?: Request } | undefined) => {
    if (source.method !== 'oauth' || source.oauth?.providerId !== ROBLOX_PROVIDER_ID) return
    const identity = robloxIdentityOf(source.oauth.profile)
    if (!identity) {
      return {
        error: ROBLOX_ERRORS.invalidProfile,
        errorDescription: 'Roblox did not say which Roblox account you are. Please try again.',
      }
    }
    if (source.action !== 'sign-in') {
      const userId = source.action === 'create-user' ? null : (user.id ?? null)
      const refusal = (await callHook(robloxIdentityRefusal, db(), userId, identity)).find((r) => r !== null)
      if (refusal) return { error: ROBLOX_ERRORS.taken, errorDescription: refusal }
    }
    if (ctx?.request) pending.set(ctx.request, { identity, newAccount: source.action === 'create-user' })
    return undefined
  }
}
