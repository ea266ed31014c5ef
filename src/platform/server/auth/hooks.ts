import type { Db } from '../db/client'
import { defineHook, type HookDeps } from '../hooks'

/**
 * Sign-in's hooks: what features do when an account is made or signs in, without auth knowing them
 * (docs/architecture.md, "Direction").
 */

/** A new account: its profile row (accounts), the invite that brought it (achievements). */
export const accountCreated =
  defineHook<[db: Db, userId: string, cookie: (name: string) => string | null | undefined]>(
    'auth.account-created',
  )

/** Why this account may not sign in now (a suspension, in the trader's words); null when it may. */
export const signInRefusal = defineHook<[db: Db, userId: string], string | null>('auth.sign-in-refusal')

/**
 * A Roblox account as Roblox's sign-in vouches for it (its ID token, signed by Roblox, and its userinfo):
 * the Roblox user id, username, display name and headshot (null when Roblox has none).
 */
export interface RobloxIdentity {
  id: number
  username: string
  displayName: string
  picture: string | null
}

/**
 * Why this Roblox account may not be joined to this TradeHub account (`userId` null: an account about to
 * be made by signing in with Roblox), in the trader's words; null when it may (verification: a Roblox
 * account verified by another TradeHub account).
 */
export const robloxIdentityRefusal = defineHook<
  [db: Db, userId: string | null, roblox: RobloxIdentity],
  string | null
>('auth.roblox-identity-refusal')

/**
 * A trader signed in with Roblox or linked it (docs/decisions/046): the Roblox account is proven theirs.
 * Verification records it as verified; an account it made (`newAccount`) gets its username from it.
 */
export const robloxIdentityProven = defineHook<
  [deps: HookDeps, userId: string, roblox: RobloxIdentity, options: { newAccount: boolean }]
>('auth.roblox-identity-proven')
