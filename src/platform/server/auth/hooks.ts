import type { Db } from '../db/client'
import { defineHook } from '../hooks'

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
