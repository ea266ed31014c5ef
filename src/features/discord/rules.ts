/** The Discord bot's words that the pages show too (kept free of zod for the browser bundle). */

/** What the /watch link's page and its endpoints answer. */
export const DISCORD_CONNECT_MESSAGES = {
  invalid: 'This link is not valid. Run /watch in Discord again for a new one.',
  expired: 'This link has expired (links last 15 minutes). Run /watch in Discord again for a new one.',
  takenByAnother: 'That Discord account is already connected to another TradeHub account.',
} as const
