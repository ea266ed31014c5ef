/** Roles and their messages, free of zod (the header and the menu use them). */
import { STOCK_GAME_NAMES, STOCK_GAMES, type StockGameId } from './games'

/** The role of the site team: every admin tool, and stock management of every game. */
export const ADMIN_ROLE = 'admin'

/** `{game}-stock-manager`, for a game with a stock tracker. */
export const stockManagerRole = (game: StockGameId) => `${game}-stock-manager` as const
export type StockManagerRole = ReturnType<typeof stockManagerRole>

/** Every role a user can be granted (SPEC section 3, user_roles); any other name is refused. */
export const ROLES = [ADMIN_ROLE, ...STOCK_GAMES.map(stockManagerRole)] as [
  typeof ADMIN_ROLE,
  ...StockManagerRole[],
]
export type Role = typeof ADMIN_ROLE | StockManagerRole

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}

/** The game a stock-manager role is for (null for admin). */
export function gameOfRole(role: Role): StockGameId | null {
  return role === ADMIN_ROLE ? null : (role.slice(0, -'-stock-manager'.length) as StockGameId)
}

/** A role as people read it: 'Admin', 'Grow a Garden stock manager'. */
export function roleLabel(role: Role): string {
  const game = gameOfRole(role)
  return game ? `${STOCK_GAME_NAMES[game]} stock manager` : 'Admin'
}

/** The spec's messages (SPEC sections 5 and 8). */
export const ROLE_MESSAGES = {
  userNotFound: (email: string) => `User with email ${email} not found`,
  usernameNotFound: (username: string) => `User with username ${username} not found`,
  alreadyAdmin: (email: string) => `User ${email} is already an admin`,
  alreadyStockManager: (email: string, game: string) => `User ${email} is already a ${game} stock manager`,
  primaryAdmin: 'Cannot remove the primary admin user',
  grantNotFound: 'This user does not have that role',
  addFailed: 'Failed to add admin role',
  refreshFailed: 'Failed to refresh permissions',
} as const
