/**
 * The marketplace's rules, free of zod (the pages use them): statuses, request tags, lifetimes, limits
 * and the messages the server answers with. docs/decisions/028-marketplace-server.md
 */
/** An ad: listed (`open`), taken down by its owner, past its lifetime, or traded (an offer completed). */
export const AD_STATUSES = ['open', 'closed', 'expired', 'traded'] as const
export type AdStatus = (typeof AD_STATUSES)[number]

/** An offer on an ad. `completed`: both traders confirmed the trade. */
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'completed'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]

export { TRADE_MESSAGE_EVENT } from '@/shared/live-rules'

/** What an ad may ask for besides (or instead of) items. */
export const TRADE_TAGS = ['adds', 'upgrade', 'downgrade', 'overpay', 'demand', 'rares', 'any'] as const
export type TradeTag = (typeof TRADE_TAGS)[number]

export const TRADE_TAG_LABELS: Record<TradeTag, string> = {
  adds: 'Adds',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  overpay: 'Overpay',
  demand: 'Demand',
  rares: 'Rares',
  any: 'Any',
}

/** How long an ad stays listed, in hours. */
export const AD_LIFETIMES = [6, 12, 24, 48] as const
export type AdLifetime = (typeof AD_LIFETIMES)[number]
export const DEFAULT_AD_LIFETIME: AdLifetime = 24

/** The sides of an ad or an offer: what its author gives, and what they ask for. */
export const TRADE_SIDES = ['offering', 'requesting'] as const
export type TradeSide = (typeof TRADE_SIDES)[number]

export const TRADING_LIMITS = {
  /** Items an ad offers. */
  minOffered: 1,
  maxOffered: 8,
  /** Items an ad requests (tags may stand in for them). */
  maxRequested: 8,
  /** Items on each side of an offer. */
  minOfferSide: 1,
  maxOfferSide: 8,
  /**
   * The calculator's MAX_QUANTITY (wfl.ts), written out: the pages that read these rules do not load the
   * calculator's code (rules.test.ts holds them equal).
   */
  maxQuantity: 999,
  maxNote: 300,
  maxMessage: 1_000,
  /** Open ads of one trader in one game. */
  openAdsPerGame: 10,
  /** New ads (and relistings) of one trader in 24 hours. */
  adsPerDay: 20,
  /** Offers (and counters on an offer) one trader makes in an hour. */
  offersPerHour: 60,
  /** Rounds of terms one offer holds: the first offer and its counters (each side's turns together). */
  maxRounds: 20,
  /** Messages one trader writes in a minute. */
  messagesPerMinute: 30,
  /** Ads on one page of /trading. */
  pageSize: 20,
  /** The owner is told this long before the ad expires. */
  expiringNoticeMinutes: 60,
  /** Messages one GET answers (the latest). */
  messagesPerPage: 200,
  /** Two traders' completed trades count toward their records once in this many days. */
  countedPairDays: 7,
  /** Ads and offers of each kind /api/me/trades answers (the latest). */
  mineMax: 100,
} as const

export const TRADING_MESSAGES = {
  usernameFirst: 'Choose a username before trading',
  suspended: 'Your account is suspended',
  adNotFound: 'Trade ad not found',
  offerNotFound: 'Offer not found',
  jobClosed: 'This middleman job is closed: you can read the conversation but no longer write in it',
  notOwner: 'Only the owner of this ad can do this',
  notOfferer: 'Only the trader who made this offer can cancel it',
  notYourTurn: "It is the other trader's turn: wait for their answer to your terms",
  tooManyRounds: `This offer has been countered ${TRADING_LIMITS.maxRounds - 1} times: accept or decline it`,
  duplicateAd: 'You already have an open ad with these items',
  tooManyOpenAds: `You can have at most ${TRADING_LIMITS.openAdsPerGame} open ads in one game. Close one first.`,
  adsPerDay: `You can post at most ${TRADING_LIMITS.adsPerDay} ads a day`,
  ownAd: 'You cannot make an offer on your own ad',
  offerExists: 'You already have a pending offer on this ad',
  adNotOpen: 'This ad is no longer open',
  offersTooFast: "You're sending offers too fast",
  messagesTooFast: "You're sending messages too fast",
  offerNotPending: 'This offer is no longer pending',
  offerNotAccepted: 'Only an accepted offer can be confirmed',
  otherAccepted: 'You already accepted another offer on this ad',
  offererSuspended: "This trader's account is suspended: their offer cannot be accepted",
  cannotDecline: 'Only a pending offer can be declined',
  acceptedNotDeclined:
    'An accepted trade cannot be declined: ask the other trader to cancel it, or open a dispute',
  cancelAsked: 'You already asked to cancel this trade: the other trader has to agree',
  adNotRelistable: 'Only an expired or closed ad can be relisted',
  adAlreadyClosed: 'This ad is already closed',
  nothingRequested: 'This ad requests no items: say what you offer',
  needsItemOrTag: 'Request at least one item or tag',
  retired: (name: string) => `${name} is retired and cannot be traded`,
} as const
