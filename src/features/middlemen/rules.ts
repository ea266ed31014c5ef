/** The official middlemen's rules, free of zod (issue 27, docs/decisions/036-middlemen.md). */

/**
 * A middleman request of an accepted offer: `open` in the queue, `claimed` by one middleman (first claim
 * wins), then closed by them as `done` or `failed`, or `cancelled` by a trader before a claim. One request
 * open (`open` or `claimed`) per offer.
 */
export const MIDDLEMAN_REQUEST_STATUSES = ['open', 'claimed', 'done', 'failed', 'cancelled'] as const
export type MiddlemanRequestStatus = (typeof MIDDLEMAN_REQUEST_STATUSES)[number]

/** The two names a middleman is checked by: their TradeHub username and their linked Roblox name. */
export const MIDDLEMAN_NAME_KINDS = ['tradehub', 'roblox'] as const
export type MiddlemanNameKind = (typeof MIDDLEMAN_NAME_KINDS)[number]

export const MIDDLEMAN_LIMITS = {
  noteMax: 500,
  commentMax: 500,
  /** Requests a trader may make in an hour (each offer has at most one open). */
  requestsPerHour: 10,
  /** Claims, closes, ratings and profile changes a user may make in an hour. */
  writesPerHour: 60,
} as const

/** The service's messages (shown as they are). */
export const MIDDLEMAN_MESSAGES = {
  notAccepted: 'A middleman can be requested on an accepted trade only',
  alreadyRequested: 'A middleman is already requested for this trade',
  requestNotFound: 'This middleman request was not found',
  alreadyClaimed: 'Another middleman already took this request',
  notOpen: 'This request is no longer open',
  ownTrade: 'You cannot be the middleman of your own trade',
  robloxFirst: 'Verify your Roblox account before you take middleman requests',
  notYourJob: 'Only the middleman who took this request can close it',
  notClaimed: 'Only a job in progress can be closed',
  notClosed: 'A job can be rated once the middleman has closed it',
  notDone: 'This job was not done by a middleman',
  alreadyRated: 'You already rated this job',
  tooManyRequests: 'Too many middleman requests. Please try again later.',
  tooFast: 'Too many changes. Please try again later.',
  notMiddleman: 'Only official middlemen can do this.',
} as const
