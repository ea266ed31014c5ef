/**
 * The contracts of the marketplace: trade ads, offers and counter-offers, an offer's conversation and
 * "my trades", as the server validates them and the pages read them. docs/decisions/028-marketplace-server.md
 */
import { z } from 'zod'
import { GAME_IDS } from '@/shared/games'
import { text } from '@/shared/text'
import { USERNAME_MAX } from '../accounts/username-rules'
import { intParam } from '../catalog/contract'
import { ITEM_ID_PATTERN } from '../catalog/rules'
import { OFFER_ACTIONS } from './policy'
import {
  AD_LIFETIMES,
  AD_STATUSES,
  DEFAULT_AD_LIFETIME,
  OFFER_STATUSES,
  TRADE_TAGS,
  TRADING_LIMITS,
  TRADING_MESSAGES,
} from './rules'

export * from './policy'
export * from './rules'

const L = TRADING_LIMITS

// --- Requests ---------------------------------------------------------------------------------------

const quantityMessage = `quantity must be a whole number from 1 to ${L.maxQuantity}`

/** One slot as a trader sends it: a catalog item of the ad's game, a variant it has, a quantity (1). */
export const tradeSlotRequestSchema = z.strictObject({
  item: z
    .string({ error: 'item must be an item id' })
    .regex(ITEM_ID_PATTERN, 'item must be an item id (lowercase letters, digits and dashes)'),
  variant: text('variant', { min: 1, max: 60, noControlCharacters: true }).optional(),
  quantity: z
    .number({ error: quantityMessage })
    .int(quantityMessage)
    .min(1, quantityMessage)
    .max(L.maxQuantity, quantityMessage)
    .optional(),
})
export type TradeSlotRequest = z.input<typeof tradeSlotRequestSchema>

const side = (name: string, min: number, max: number) =>
  z
    .array(tradeSlotRequestSchema, { error: `${name} must be a list of items` })
    .min(min, min === 1 ? `${name} needs at least one item` : `${name} needs at least ${min} items`)
    .max(max, `${name} can hold at most ${max} items`)

const noteSchema = text('note', { max: L.maxNote })

const tagsSchema = z
  .array(z.enum(TRADE_TAGS, { error: `tag must be one of ${TRADE_TAGS.join(', ')}` }), {
    error: 'tags must be a list',
  })
  .max(TRADE_TAGS.length)
  .transform((tags) => [...new Set(tags)])

const hoursMessage = `hours must be one of ${AD_LIFETIMES.join(', ')}`

/** POST /api/trade-ads → 201 `{ id }`. */
export const tradeAdRequestSchema = z
  .strictObject({
    game: z.enum(GAME_IDS, { error: `game must be one of ${GAME_IDS.join(', ')}` }),
    offering: side('offering', L.minOffered, L.maxOffered),
    requesting: side('requesting', 0, L.maxRequested).optional(),
    tags: tagsSchema.optional(),
    note: noteSchema.optional(),
    hours: z
      .number({ error: hoursMessage })
      .refine((h) => (AD_LIFETIMES as readonly number[]).includes(h), hoursMessage)
      .optional(),
  })
  .refine((ad) => (ad.requesting?.length ?? 0) + (ad.tags?.length ?? 0) > 0, {
    message: TRADING_MESSAGES.needsItemOrTag,
    path: ['requesting'],
  })
  .transform((ad) => ({
    game: ad.game,
    offering: ad.offering,
    requesting: ad.requesting ?? [],
    tags: ad.tags ?? [],
    note: ad.note ?? '',
    hours: (ad.hours ?? DEFAULT_AD_LIFETIME) as (typeof AD_LIFETIMES)[number],
  }))
export type TradeAdRequest = z.input<typeof tradeAdRequestSchema>
export type TradeAdInput = z.output<typeof tradeAdRequestSchema>

/**
 * POST /api/trade-ads/:id/offers → 201 `{ id }`. An empty body is "as requested" (the offerer gives what
 * the ad requests and gets what it offers); either side given makes it a counter-offer.
 */
export const tradeOfferRequestSchema = z.strictObject({
  offering: side('offering', L.minOfferSide, L.maxOfferSide).optional(),
  requesting: side('requesting', L.minOfferSide, L.maxOfferSide).optional(),
  note: noteSchema.optional(),
})
export type TradeOfferRequest = z.input<typeof tradeOfferRequestSchema>

/**
 * POST /api/trade-offers/:id/counter → 201 the offer with its new terms: the trader whose turn it is
 * answers the current terms with new ones. Both sides are the offer's, whoever counters: `offering` is
 * what the offer's trader (the offerer) gives, `requesting` what they get, as in the offer's answer.
 */
export const tradeCounterRequestSchema = z.strictObject({
  offering: side('offering', L.minOfferSide, L.maxOfferSide),
  requesting: side('requesting', L.minOfferSide, L.maxOfferSide),
})
export type TradeCounterRequest = z.input<typeof tradeCounterRequestSchema>

/** POST /api/trade-offers/:id/messages → 201 the message. */
export const tradeMessageRequestSchema = z.strictObject({
  body: text('body', { min: 1, max: L.maxMessage, messages: { tooShort: 'Write a message first' } }),
})
export type TradeMessageRequest = z.input<typeof tradeMessageRequestSchema>

const itemParam = (name: string) => z.string().regex(ITEM_ID_PATTERN, `${name} must be an item id`).optional()

/** GET /api/trade-ads?game=&has=&wants=&tag=&user=&page= — open ads, newest first. */
export const tradeAdsQuerySchema = z.strictObject({
  game: z.enum(GAME_IDS, { error: `game must be one of ${GAME_IDS.join(', ')}` }).optional(),
  has: itemParam('has'),
  wants: itemParam('wants'),
  tag: z.enum(TRADE_TAGS, { error: `tag must be one of ${TRADE_TAGS.join(', ')}` }).optional(),
  user: text('user', { min: 1, max: USERNAME_MAX })
    .regex(/^[a-z0-9_]+$/, 'user must be a username')
    .optional(),
  /** `1`: only ads of traders with a verified Roblox account. */
  verified: z
    .enum(['1'], { error: 'verified must be 1' })
    .optional()
    .transform((v) => v === '1'),
  page: intParam('page', 1, 500, 1),
})
export type TradeAdsQuery = z.output<typeof tradeAdsQuerySchema>

const idMessage = 'id must be a number'
/** `:id` of an ad or an offer. */
export const tradeIdParamSchema = z.strictObject({
  id: z.coerce.number({ error: idMessage }).int(idMessage).positive(idMessage).max(Number.MAX_SAFE_INTEGER),
})

// --- Answers ----------------------------------------------------------------------------------------

/** One slot as shown: the item's name, image and the value of one unit (of the variant). */
export const tradeSlotSchema = z.object({
  item: z.string(),
  variant: z.string().nullable(),
  quantity: z.number().int(),
  name: z.string(),
  /** Address of the image without its size (`${image}-128.webp`); null: a generated tile. */
  image: z.string().nullable(),
  /** One unit's value (of the variant), null when it has none. */
  value: z.number().nullable(),
  retired: z.boolean(),
})
export type TradeSlot = z.infer<typeof tradeSlotSchema>

/** A trader as ads and offers show them. */
export const traderSchema = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  /** The avatar's address, null: none. */
  avatar: z.string().nullable(),
  /** Trades this trader completed (both sides confirmed). */
  completedTrades: z.number().int(),
  /** The Roblox account this trader verified (the Verified badge), null: not verified. */
  roblox: z
    .object({ name: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() })
    .nullable(),
  /** Their reviews: the average (null: none yet) and how many. */
  reviews: z.object({ average: z.number().nullable(), count: z.number().int() }),
  /** Their newest achievements (at most 3), shown beside the name (src/features/achievements/rules.ts). */
  achievements: z.array(z.object({ id: z.string(), name: z.string(), icon: z.string() })),
})
export type Trader = z.infer<typeof traderSchema>

/**
 * Both sides' totals and the WFL verdict of the author (the ad's owner, the offer's offerer): they give
 * `offering` and get `requesting`, evaluated by the calculator's rule (src/features/catalog/wfl.ts) with its
 * default Fair band. The other trader's verdict is the mirror (win ↔ loss).
 */
export const tradeWflSchema = z.object({
  offering: z.number(),
  requesting: z.number(),
  /** requesting − offering */
  difference: z.number(),
  /** difference in percent of the larger side */
  percent: z.number(),
  /** null when a side has no valued item (tags only, items without values) */
  verdict: z.enum(['win', 'fair', 'loss']).nullable(),
  band: z.number().int(),
})
export type TradeWfl = z.infer<typeof tradeWflSchema>

export const tradeAdSchema = z.object({
  id: z.number().int(),
  game: z.enum(GAME_IDS),
  status: z.enum(AD_STATUSES),
  owner: traderSchema,
  offering: z.array(tradeSlotSchema),
  requesting: z.array(tradeSlotSchema),
  tags: z.array(z.enum(TRADE_TAGS)),
  note: z.string(),
  hours: z.number().int(),
  createdAt: z.string(),
  /** When it was last listed (posted or relisted): the list's order. */
  listedAt: z.string(),
  expiresAt: z.string(),
  /** When it closed, expired or traded. */
  closedAt: z.string().nullable(),
  /** Offers waiting for the owner's answer. */
  pendingOffers: z.number().int(),
  /** An offer on it was accepted: the trade is under way (it is `traded` once both confirm). */
  accepted: z.boolean(),
  wfl: tradeWflSchema,
})
export type TradeAd = z.infer<typeof tradeAdSchema>

/** GET /api/trade-ads: one page, with the server's time (for ages and times left). */
export const tradeAdsResponseSchema = z.object({
  ads: z.array(tradeAdSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  now: z.string(),
})
export type TradeAdsResponse = z.infer<typeof tradeAdsResponseSchema>

/** GET /api/trade-ads/:id */
export const tradeAdResponseSchema = z.object({ ad: tradeAdSchema, now: z.string() })
export type TradeAdResponse = z.infer<typeof tradeAdResponseSchema>

const offerSideSchema = z.enum(['owner', 'offerer'])

/**
 * One round of an offer's negotiation: the offer itself (round 1), then each counter, with who proposed
 * it and when. Its sides are the offer's (`offering`: what the offerer gives), `wfl` the offerer's
 * verdict of them (today's values), `verdicts` each trader's.
 */
export const tradeOfferRoundSchema = z.object({
  round: z.number().int(),
  proposedBy: offerSideSchema,
  /** The username of the trader who proposed it. */
  proposer: z.string(),
  offering: z.array(tradeSlotSchema),
  requesting: z.array(tradeSlotSchema),
  wfl: tradeWflSchema,
  verdicts: z.object({
    owner: z.enum(['win', 'fair', 'loss']).nullable(),
    offerer: z.enum(['win', 'fair', 'loss']).nullable(),
  }),
  createdAt: z.string(),
})
export type TradeOfferRound = z.infer<typeof tradeOfferRoundSchema>

export const tradeOfferSchema = z.object({
  id: z.number().int(),
  adId: z.number().int(),
  game: z.enum(GAME_IDS),
  status: z.enum(OFFER_STATUSES),
  /** Made in one tap: exactly what the ad requests, for what it offers. */
  asRequested: z.boolean(),
  offerer: traderSchema,
  /** The ad's owner. */
  owner: traderSchema,
  /** What the offerer gives (the current terms: the last round's). */
  offering: z.array(tradeSlotSchema),
  /** What the offerer gets. */
  requesting: z.array(tradeSlotSchema),
  note: z.string(),
  /** The offerer's verdict. */
  wfl: tradeWflSchema,
  /** Whose turn it is to answer the current terms (whoseTurn, policy.ts); null once it is not pending. */
  turn: offerSideSchema.nullable(),
  /** The negotiation, oldest first: the offer, then each counter. The last round is the current terms. */
  rounds: z.array(tradeOfferRoundSchema),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** When the owner accepted it: a trade that was accepted can be disputed and reviewed. */
  acceptedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Which trader asked to cancel the accepted trade (it is cancelled when the other agrees). */
  cancelRequestedBy: z.enum(['owner', 'offerer']).nullable(),
  /** Who has confirmed the trade (after an accept). */
  confirmed: z.object({ owner: z.boolean(), offerer: z.boolean() }),
  /**
   * Who has reviewed the other after a completed trade (each may, once, within TRUST_LIMITS.reviewDays
   * of `completedAt`).
   */
  reviewed: z.object({ owner: z.boolean(), offerer: z.boolean() }),
  /** Messages in its conversation. */
  messages: z.number().int(),
  /** What the trader who asked may do to it now, by the marketplace's policy (policy.ts). */
  actions: z.array(z.enum(OFFER_ACTIONS)),
  /** It waits for the trader who asked to act (`waitsFor` in policy.ts): counted beside "My trades". */
  waiting: z.boolean(),
})
export type TradeOffer = z.infer<typeof tradeOfferSchema>

/** GET /api/trade-ads/:id/offers: the owner sees all, an offerer their own, newest first. */
export const tradeOffersResponseSchema = z.object({ offers: z.array(tradeOfferSchema) })
export type TradeOffersResponse = z.infer<typeof tradeOffersResponseSchema>

/** The decisions' answer (and GET /api/trade-offers/:id, and a counter's 201): the offer as it is now. */
export const tradeOfferResponseSchema = z.object({ offer: tradeOfferSchema })
export type TradeOfferResponse = z.infer<typeof tradeOfferResponseSchema>

export const tradeMessageSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  /** Which trader wrote it, or the official middleman who took the trade (the "TradeHub middleman" badge). */
  author: z.enum(['owner', 'offerer', 'middleman']),
  username: z.string(),
  body: z.string(),
  createdAt: z.string(),
})
export type TradeMessage = z.infer<typeof tradeMessageSchema>

/** GET /api/trade-offers/:id/messages: the latest messages, oldest first. */
export const tradeMessagesResponseSchema = z.object({ messages: z.array(tradeMessageSchema) })
export type TradeMessagesResponse = z.infer<typeof tradeMessagesResponseSchema>

/** The `trade-message` event of /api/live (TRADE_MESSAGE_EVENT), sent to both traders' streams: a new message. */
export const tradeMessageEventSchema = tradeMessageSchema

/** 201 of a new ad or offer. */
export const createdResponseSchema = z.object({ id: z.number().int() })
export type CreatedResponse = z.infer<typeof createdResponseSchema>

/** GET /api/me/trades: my ads (every status), offers I sent and offers I received, newest first. */
export const myTradesResponseSchema = z.object({
  ads: z.array(tradeAdSchema),
  sent: z.array(tradeOfferSchema),
  received: z.array(tradeOfferSchema),
  now: z.string(),
})
export type MyTradesResponse = z.infer<typeof myTradesResponseSchema>

/** GET /api/me/trades/waiting: how many trades wait for the signed-in trader (`waitsFor`, policy.ts). */
export const myTradesWaitingResponseSchema = z.object({ count: z.number().int() })
export type MyTradesWaitingResponse = z.infer<typeof myTradesWaitingResponseSchema>
