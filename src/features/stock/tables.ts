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
import { users } from '../../platform/server/auth/tables'

/** What reports stock: a stock manager, a bot with an ingest token, or the upstream game feed. */
export type StockSource = 'manager' | 'bot' | 'feed'

/**
 * A game's stock-ingest token for a bot: only its SHA-256 is kept, it reports for one game, and it can
 * be revoked (kept, so reports still name it).
 */
export const stockIngestTokens = pgTable(
  'stock_ingest_tokens',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    gameId: text().notNull(),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('stock_ingest_tokens_game_idx').on(t.gameId, t.createdAt)],
)

/**
 * Every stock report, kept. The report of a window that counts is the one not superseded: a different
 * report of the same window supersedes it (and is marked corrected). `weather` is '' for shops.
 */
export const stockReports = pgTable(
  'stock_reports',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    gameId: text().notNull(),
    shop: text().notNull(),
    weather: text().notNull().default(''),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    windowEnd: timestamp({ withTimezone: true }).notNull(),
    /** `[{ item, quantity }]`, sorted by item id; no quantity at a shop without (`shopHasQuantities`). */
    items: jsonb().$type<{ item: string; quantity?: number }[]>().notNull(),
    /** The items as one string, to tell a repeat from a change. */
    fingerprint: text().notNull(),
    observedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reporterId: text().references(() => users.id, { onDelete: 'set null' }),
    tokenId: bigint({ mode: 'number' }).references(() => stockIngestTokens.id),
    /** Who reported it, as the page shows it (a username or a token's name), kept if the account goes. */
    sourceName: text().notNull(),
    /** What reported it: a stock manager (session), a bot (ingest token) or the game feed (the feed worker). */
    source: text().$type<StockSource>().notNull().default('manager'),
    corrected: boolean().notNull().default(false),
    supersededAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_reports_current_idx')
      .on(t.gameId, t.shop, t.weather, t.windowStart)
      .where(sql`${t.supersededAt} is null`),
    index('stock_reports_game_idx').on(t.gameId, t.id),
    index('stock_reports_shop_idx').on(t.gameId, t.shop, t.id),
    index('stock_reports_items_idx').using('gin', t.items.op('jsonb_path_ops')),
  ],
)

/** An admin's changes to a shop's clock or name (the code's defaults otherwise). */
export const stockShopSettings = pgTable(
  'stock_shop_settings',
  {
    gameId: text().notNull(),
    shop: text().notNull(),
    name: text(),
    periodSeconds: integer(),
    offsetSeconds: integer(),
    enabled: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.shop] })],
)

/** One shop's reading of the game feed, kept between reads (and instances). Times are epoch ms. */
export interface FeedShopState {
  /** The start of the window the feed's stock was written (or found empty) for. */
  done?: number
  /** The stock the last read held, and the window it was read in. */
  seen?: { window: number; fingerprint: string }
  /** The stock last read in an earlier window: a read that still holds it is the feed lagging. */
  before?: string
}

/**
 * The upstream stock feed's reading (GROW_A_GARDEN_STOCK_FEED_URL), one row per game, shared by every
 * instance: each shop's state, when the next read is due, and the lease of the instance reading now.
 */
export const stockFeedState = pgTable('stock_feed_state', {
  gameId: text().primaryKey(),
  shops: jsonb().$type<Record<string, FeedShopState>>().notNull().default(sql`'{}'::jsonb`),
  nextReadAt: timestamp({ withTimezone: true }),
  leaseUntil: timestamp({ withTimezone: true }),
  lastReadAt: timestamp({ withTimezone: true }),
  lastOkAt: timestamp({ withTimezone: true }),
  lastError: text(),
})

/** Items the feed listed that the catalog lacks: never invented, listed for the stock managers. */
export const stockFeedUnknownItems = pgTable(
  'stock_feed_unknown_items',
  {
    gameId: text().notNull(),
    shop: text().notNull(),
    /** The feed's `item_id`. */
    feedId: text().notNull(),
    displayName: text().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timesSeen: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.shop, t.feedId] }),
    index('stock_feed_unknown_items_seen_idx').on(t.gameId, t.lastSeenAt),
  ],
)
