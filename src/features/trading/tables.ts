import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { OfferSide } from '@/features/trading/policy'
import type { AdStatus, OfferStatus, TradeSide, TradeTag } from '@/features/trading/rules'
import { users } from '../../platform/server/auth/tables'

const at = () => timestamp({ withTimezone: true })

/**
 * A trade ad: what its owner offers and requests (trade_ad_items), for a lifetime. An `open` ad past
 * `expires_at` is expired for every query at once; a worker writes `expired` later. docs/decisions/028
 */
export const tradeAds = pgTable(
  'trade_ads',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: text().notNull(),
    status: text().$type<AdStatus>().notNull().default('open'),
    tags: text().array().$type<TradeTag[]>().notNull().default(sql`'{}'::text[]`),
    note: text().notNull().default(''),
    hours: integer().notNull(),
    /** Both sides and the tags, sorted: the same open ad twice is refused. */
    signature: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    /** Posted or relisted: the list's order. */
    listedAt: at().notNull(),
    expiresAt: at().notNull(),
    closedAt: at(),
    /** The owner was told the ad ends within the hour (this listing). */
    expiringNoticeAt: at(),
    /** A moderator hid it (a report): closed, out of every list, 404 to everyone. */
    hiddenAt: at(),
  },
  (t) => [
    // The list: open ads newest first, of a game or of all.
    index('trade_ads_open_idx').on(t.gameId, t.listedAt.desc(), t.id.desc()).where(sql`${t.status} = 'open'`),
    index('trade_ads_open_all_idx').on(t.listedAt.desc(), t.id.desc()).where(sql`${t.status} = 'open'`),
    // A trader's ads (their profile, my trades, the open-ads cap).
    index('trade_ads_user_idx').on(t.userId, t.gameId, t.status),
    // Tags: any open ad asking for a tag.
    index('trade_ads_tags_idx').using('gin', t.tags).where(sql`${t.status} = 'open'`),
    // The worker's scan: open ads by end.
    index('trade_ads_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
  ],
)

/** The columns of one slot of a side (an ad's or an offer's): which side, its place, the item, how many. */
const slotColumns = () => ({
  side: text().$type<TradeSide>().notNull(),
  position: integer().notNull(),
  itemId: text().notNull(),
  variant: text(),
  quantity: integer().notNull(),
})

/** One slot of an ad's side: "has" filters read `offering`, "wants" filters `requesting`. */
export const tradeAdItems = pgTable(
  'trade_ad_items',
  {
    adId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tradeAds.id, { onDelete: 'cascade' }),
    gameId: text().notNull(),
    ...slotColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.side, t.position] }),
    index('trade_ad_items_item_idx').on(t.gameId, t.itemId, t.side, t.adId),
  ],
)

/** An offer on an ad, with its own sides (trade_offer_items): as requested, or a counter-offer. */
export const tradeOffers = pgTable(
  'trade_offers',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    adId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tradeAds.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<OfferStatus>().notNull().default('pending'),
    asRequested: boolean().notNull(),
    note: text().notNull().default(''),
    createdAt: at().notNull().defaultNow(),
    decidedAt: at(),
    /** When the owner accepted it: a trade that was accepted keeps its dispute and its reviews. */
    acceptedAt: at(),
    /** One trader asked to cancel the accepted trade; it is cancelled when the other agrees. */
    cancelRequestedBy: text().references(() => users.id, { onDelete: 'set null' }),
    completedAt: at(),
    /**
     * Completed, and the first trade between these two traders in 7 days: it counts toward completed
     * trades and badges (a pair of accounts cannot farm them).
     */
    counted: boolean().notNull().default(false),
    /**
     * Who proposed the current terms (its `trade_offer_items`): the offerer made the offer, either trader
     * may counter it; the other one's turn (policy.ts, whoseTurn).
     */
    termsBy: text().$type<OfferSide>().notNull().default('offerer'),
    /** The round of the current terms: 1 for the offer, one more for each counter (trade_offer_terms). */
    termsRound: integer().notNull().default(1),
  },
  (t) => [
    index('trade_offers_ad_idx').on(t.adId, t.id.desc()),
    index('trade_offers_user_idx').on(t.userId, t.id.desc()),
    // One pending offer per trader and ad; one accepted or completed offer per ad.
    uniqueIndex('trade_offers_pending_key').on(t.adId, t.userId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('trade_offers_accepted_key').on(t.adId).where(sql`${t.status} in ('accepted', 'completed')`),
  ],
)

/** One slot of an offer's side: `offering` is what the offerer gives. */
export const tradeOfferItems = pgTable(
  'trade_offer_items',
  {
    offerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    ...slotColumns(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.side, t.position] })],
)

/** One slot of a round's side, as `trade_offer_items` holds it. */
export interface TermsSlot {
  itemId: string
  variant: string | null
  quantity: number
}

/**
 * An offer's negotiation: each round of terms (the offer, then each counter), who proposed it and when.
 * The current terms are the last round, also in `trade_offer_items` (what everything else reads).
 * `offering` is what the offerer gives, whoever proposed the round.
 */
export const tradeOfferTerms = pgTable(
  'trade_offer_terms',
  {
    offerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    round: integer().notNull(),
    proposedBy: text().$type<OfferSide>().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offering: jsonb().$type<TermsSlot[]>().notNull(),
    requesting: jsonb().$type<TermsSlot[]>().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.round] })],
)

/** The conversation of an offer between its two traders. */
export const tradeMessages = pgTable(
  'trade_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    offerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    /** A moderator hid it (a report): no longer shown. */
    hiddenAt: at(),
  },
  (t) => [index('trade_messages_offer_idx').on(t.offerId, t.id)],
)

/** A trader's confirmation that an accepted offer's trade happened: both make it completed. */
export const tradeConfirmations = pgTable(
  'trade_confirmations',
  {
    offerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.userId] })],
)
