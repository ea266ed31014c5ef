import type { Env } from '@/server/env'
import { GAME_IDS, type GameId } from '@/shared/games'

interface RoleSubject {
  email: string
  emailVerified: boolean
}

/** The primary admin (ADMIN_EMAIL), once that address is verified. Other roles come with the roles feature. */
export function isAdmin(env: Env, user: RoleSubject): boolean {
  return Boolean(env.ADMIN_EMAIL && user.emailVerified && user.email === env.ADMIN_EMAIL.toLowerCase())
}

/** Games whose stock the user manages: every game for an admin. */
export function stockManagerGames(env: Env, user: RoleSubject): GameId[] {
  return isAdmin(env, user) ? [...GAME_IDS] : []
}
