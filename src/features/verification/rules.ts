/** Verification's limits: the phrase, how often it is checked, how long Roblox may take. */
export const VERIFICATION_LIMITS = {
  /** Words in a verification phrase. */
  phraseWords: 6,
  /** A phrase is good for this long. */
  phraseMinutes: 30,
  /** Checks of the phrase one user makes in an hour. */
  checksPerHour: 10,
  /** Roblox's APIs answer within this, or the lookup fails (502). */
  robloxTimeoutMs: 5_000,
} as const

/** What verification says when it refuses (the site's words). */
export const VERIFICATION_MESSAGES = {
  robloxUserNotFound: 'No Roblox user has this username',
  robloxBanned: 'This Roblox account is banned',
  robloxDown: 'Roblox did not answer. Nothing was changed: try again in a minute.',
  robloxTaken: 'This Roblox account is already verified by another TradeHub account',
  noPhrase: 'Start the verification first: enter your Roblox username',
  phraseExpired: 'This phrase has expired: ask for a new one',
  phraseMissing: "The phrase is not in your Roblox profile's About yet",
  checksTooFast: 'Too many checks: wait a little before checking again',
  notVerified: 'No Roblox account is linked',
} as const
