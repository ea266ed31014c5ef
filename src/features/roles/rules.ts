/** Roles and their messages, free of zod (the header and the menu use them). */
import { GAME_IDS, GAME_NAMES, type GameId, STOCK_GAMES, type StockGameId } from '@/shared/games'

/** The role of the site team: every admin tool, and stock management of every game. */
export const ADMIN_ROLE = 'admin'

/** The moderators of trust and safety: they work the reports' queue (admins are moderators too). */
export const MODERATOR_ROLE = 'moderator'

/** The writers of the guides (/guides): they write and publish guides (admins write them too). */
export const GUIDE_EDITOR_ROLE = 'guide-editor'

/** The official middlemen (/escrow-service): they take middleman requests of accepted trades. */
export const MIDDLEMAN_ROLE = 'middleman'

/** `{game}-stock-manager`, for a game with a stock tracker. */
export const stockManagerRole = (game: StockGameId) => `${game}-stock-manager` as const
export type StockManagerRole = ReturnType<typeof stockManagerRole>

/** `{game}-value-editor`, for any of the eight games: edits that game's values and items. */
export const valueEditorRole = (game: GameId) => `${game}-value-editor` as const
export type ValueEditorRole = ReturnType<typeof valueEditorRole>

/** Every role a user can be granted (docs/product.md §2); any other name is refused. */
export const ROLES = [
  ADMIN_ROLE,
  MODERATOR_ROLE,
  GUIDE_EDITOR_ROLE,
  MIDDLEMAN_ROLE,
  ...STOCK_GAMES.map(stockManagerRole),
  ...GAME_IDS.map(valueEditorRole),
] as [
  typeof ADMIN_ROLE,
  typeof MODERATOR_ROLE,
  typeof GUIDE_EDITOR_ROLE,
  typeof MIDDLEMAN_ROLE,
  ...(StockManagerRole | ValueEditorRole)[],
]
export type Role =
  | typeof ADMIN_ROLE
  | typeof MODERATOR_ROLE
  | typeof GUIDE_EDITOR_ROLE
  | typeof MIDDLEMAN_ROLE
  | StockManagerRole
  | ValueEditorRole

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}

export const isValueEditorRole = (role: Role): role is ValueEditorRole => role.endsWith('-value-editor')

const SITE_WIDE_LABELS = {
  [ADMIN_ROLE]: 'Admin',
  [MODERATOR_ROLE]: 'Moderator',
  [GUIDE_EDITOR_ROLE]: 'Guide editor',
  [MIDDLEMAN_ROLE]: 'Middleman',
} as const
type SiteWideRole = keyof typeof SITE_WIDE_LABELS

/** The roles of no game: admin, moderator, guide editor, middleman. */
const siteWide = (role: Role): role is SiteWideRole => role in SITE_WIDE_LABELS

/** The game a stock-manager or value-editor role is for (null for the site-wide roles). */
export function gameOfRole(role: Role): GameId | null {
  if (siteWide(role)) return null
  const suffix = isValueEditorRole(role) ? '-value-editor' : '-stock-manager'
  return role.slice(0, -suffix.length) as GameId
}

/** What a role is called: 'stock manager', 'value editor' (null for admin and moderator). */
export const roleKind = (role: Role) =>
  siteWide(role) ? null : isValueEditorRole(role) ? 'value editor' : 'stock manager'

/** A role as people read it: 'Admin', 'Moderator', 'Grow a Garden stock manager', 'Fisch value editor'. */
export function roleLabel(role: Role): string {
  return siteWide(role) ? SITE_WIDE_LABELS[role] : `${GAME_NAMES[gameOfRole(role)!]} ${roleKind(role)}`
}

/** The roles' messages, in the spec's words where it gave them (docs/product.md §18). */
export const ROLE_MESSAGES = {
  userNotFound: (email: string) => `User with email ${email} not found`,
  usernameNotFound: (username: string) => `User with username ${username} not found`,
  alreadyAdmin: (email: string) => `User ${email} is already an admin`,
  alreadyModerator: (email: string) => `User ${email} is already a moderator`,
  alreadyGuideEditor: (email: string) => `User ${email} is already a guide editor`,
  alreadyMiddleman: (email: string) => `User ${email} is already a middleman`,
  alreadyStockManager: (email: string, game: string) => `User ${email} is already a ${game} stock manager`,
  alreadyValueEditor: (email: string, game: string) => `User ${email} is already a ${game} value editor`,
  primaryAdmin: 'Cannot remove the primary admin user',
  grantNotFound: 'This user does not have that role',
  addFailed: 'Failed to add admin role',
} as const
