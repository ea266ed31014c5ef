import { eq } from 'drizzle-orm'
import {
  ADMIN_ROLE,
  GUIDE_EDITOR_ROLE,
  isRole,
  MIDDLEMAN_ROLE,
  MODERATOR_ROLE,
  type Role,
  stockManagerRole,
  valueEditorRole,
} from '@/features/roles/rules'
import { userRoles } from '@/features/roles/tables'
import type { Db } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import { GAME_IDS, type GameId, STOCK_GAMES, type StockGameId } from '@/shared/games'

interface RoleSubject {
  id: string
  email: string
  emailVerified: boolean
}

/** What a user may do, read from the database on every request (a grant or removal counts at once). */
export interface Permissions {
  /** The primary admin (ADMIN_EMAIL, verified): always admin, never removable nor suspendable. */
  primaryAdmin: boolean
  isAdmin: boolean
  /** Works the reports' queue: the moderator role, or an admin. */
  isModerator: boolean
  /** Writes and publishes guides: the guide-editor role, or an admin. */
  isGuideEditor: boolean
  /** An official middleman (/escrow-service): the middleman role only, never implied by admin. */
  isMiddleman: boolean
  /** The roles granted in user_roles (the primary admin may have none). */
  roles: Role[]
  /** Games with stock whose stock this user manages: every one for an admin. */
  stockManagerGames: StockGameId[]
  /** Games whose values and items this user edits: every one for an admin. */
  valueEditorGames: GameId[]
}

/** The primary admin: the ADMIN_EMAIL account, once that address is verified. */
export function isPrimaryAdmin(env: Env, user: Pick<RoleSubject, 'email' | 'emailVerified'>): boolean {
  return Boolean(env.ADMIN_EMAIL && user.emailVerified && user.email === env.ADMIN_EMAIL.toLowerCase())
}

/** The roles granted to a user, in the order of ROLES. */
export async function grantedRoles(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))
  return rows.map((r) => r.role).filter(isRole)
}

/** Admin: the primary admin or the admin role. Stock manager or value editor of a game: admin, or that game's role. */
export async function permissionsOf(env: Env, db: Db, user: RoleSubject): Promise<Permissions> {
  return permissionsFrom(env, user, await grantedRoles(db, user.id))
}

/** The same, from roles already read. */
export function permissionsFrom(env: Env, user: RoleSubject, roles: Role[]): Permissions {
  const primaryAdmin = isPrimaryAdmin(env, user)
  const isAdmin = primaryAdmin || roles.includes(ADMIN_ROLE)
  return {
    primaryAdmin,
    isAdmin,
    isModerator: isAdmin || roles.includes(MODERATOR_ROLE),
    isGuideEditor: isAdmin || roles.includes(GUIDE_EDITOR_ROLE),
    isMiddleman: roles.includes(MIDDLEMAN_ROLE),
    roles,
    stockManagerGames: STOCK_GAMES.filter((game) => isAdmin || roles.includes(stockManagerRole(game))),
    valueEditorGames: GAME_IDS.filter((game) => isAdmin || roles.includes(valueEditorRole(game))),
  }
}
