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
