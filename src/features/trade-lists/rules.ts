/**
 * Have/want lists and the ads that match them: the limits, the words and the matching rule's order, free
 * of zod so the pages may read them.
 */

/** What a trader keeps per game: the items they have (to give) and those they want (to get). */
export const TRADE_LIST_SIDES = ['have', 'want'] as const
export type TradeListSide = (typeof TRADE_LIST_SIDES)[number]

export const TRADE_LIST_LIMITS = {
  /** Entries one list (have or want, of one game) holds at most. */
  maxPerList: 100,
  /**
   * The calculator's MAX_QUANTITY (and the marketplace's), written out: the pages that read these rules
   * do not load the calculator (rules.test.ts holds them equal).
   */
  maxQuantity: 999,
  /** Matches one answer holds at most (the best). */
  maxMatches: 50,
  /** The newest open ads offering a wanted item that the matching rule reads at most, per answer. */
  candidateAds: 500,
  /** Matches /trading/mine shows (the best); the rest are on /trading/matches. */
  mineMatches: 3,
} as const

export const TRADE_LIST_MESSAGES = {
  duplicate: (name: string) => `${name} is already in this list`,
  notAnItem: (item: string, game: string) => `"${item}" is not an item of ${game}`,
  noVariant: (name: string, variant: string) => `${name} has no variant "${variant}"`,
  traderNotFound: 'Trader not found',
  matchTitle: 'A new trade ad matches your lists',
} as const

/** The verdicts for me in the matches' order: a win first, a loss last, an unvalued trade between. */
export const VERDICT_RANK = { win: 0, fair: 1, none: 2, loss: 3 } as const
