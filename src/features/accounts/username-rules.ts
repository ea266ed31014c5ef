/**
 * Username rules shared by the forms and the server (docs/product.md §6), with the spec's exact messages.
 * Apart from the other profile rules: the username modal loads only these.
 */
const USERNAME_MIN = 3
export const USERNAME_MAX = 30

export const USERNAME_MESSAGES = {
  tooShort: 'Username must be at least 3 characters',
  pattern: 'Username can only contain lowercase letters, numbers, and underscores',
  tooLong: 'Username must be 30 characters or less',
  taken: 'Username already taken',
  permanent: 'Username cannot be changed once set',
  reserved: 'This username is reserved. Please choose another.',
  /** The server's rule of staff words (folded as names are): only staff (any role) may have them. */
  staffWords: 'Only TradeHub staff can have "middleman", "TradeHub" or "staff" in their username',
  /** The server's rule of middlemen's names: their usernames and Roblox names, however written. */
  middlemanName: "This username is an official middleman's name. Please choose another.",
} as const

/** Names that would pass for the site or its staff (usernames are permanent, so they are refused). */
const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'root',
  'system',
  'support',
  'help',
  'staff',
  'mod',
  'moderator',
  'official',
  'tradehub',
  'trade_hub',
  'security',
  'owner',
  'null',
  'undefined',
])

/** What is wrong with a username, or null when it is valid (uniqueness is the server's check). */
export function usernameProblem(username: string): string | null {
  if (username.length < USERNAME_MIN) return USERNAME_MESSAGES.tooShort
  if (!/^[a-z0-9_]+$/.test(username)) return USERNAME_MESSAGES.pattern
  if (username.length > USERNAME_MAX) return USERNAME_MESSAGES.tooLong
  if (RESERVED_USERNAMES.has(username) || /^(admin|mod|staff|tradehub)_/.test(username))
    return USERNAME_MESSAGES.reserved
  return null
}
