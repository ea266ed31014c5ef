/** The public API v1's numbers (docs/decisions/040-public-api-v1.md). */
export const PUBLIC_API_LIMITS = {
  /** Requests a minute of one client address without a key. */
  anonymousPerMinute: 120,
  /** Requests a minute of one API key. */
  keyPerMinute: 600,
  /** Keys one trader may hold at once (not revoked). */
  keysPerUser: 5,
  keyNameMax: 60,
  /** Key creations and revocations a minute of one trader. */
  keyWritesPerMinute: 10,
} as const

/**
 * The examples the API reference gives (its parameters' "e.g." and the community shape's path): real
 * games and items, each answered 200 (routes.test.ts calls every one).
 */
export const V1_EXAMPLES = {
  game: 'blox-fruits',
  item: 'tiger',
  stockGame: 'grow-a-garden',
  heldItem: 'kitsune',
  communityStock: '/api/v1/stock/grow-a-garden?shape=community',
} as const

/** Keys start so, to be recognised in a config file or a leaked log. */
export const API_KEY_PREFIX = 'thk_'

export const PUBLIC_API_MESSAGES = {
  limited: 'Too many requests to the API: wait a minute, or use an API key.',
  badKey: 'This API key is unknown or revoked.',
  /** A key works only while its account may sign in (`why`: the sign-in's refusal, e.g. a suspension). */
  keyOwnerRefused: (why: string) => `This API key's account may not sign in, so its keys do not work. ${why}`,
  tooManyKeys: `You can hold at most ${PUBLIC_API_LIMITS.keysPerUser} API keys: revoke one first.`,
  keyNotFound: 'API key not found',
} as const

export const STOCK_MESSAGES_V1 = {
  noTracker: 'No stock tracker for this game',
  communityOnlyGag: 'shape=community is for grow-a-garden only',
} as const
