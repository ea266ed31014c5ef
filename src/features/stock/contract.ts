import { z } from 'zod'
import { text } from '@/shared/text'
import { intParam } from '../catalog/contract'
import { ITEM_ID_PATTERN } from '../catalog/rules'
import { STOCK_LIMITS, STOCK_SOURCES, TOKEN_STOP_REASONS } from './rules'

export * from './rules'

// --- Reports in ---------------------------------------------------------------------------------------

const isoTime = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be an ISO date and time (2026-01-31T12:00:00Z)` })

const quantitySchema = z
  .number({ error: 'quantity must be a whole number from 1 to 999' })
  .int('quantity must be a whole number from 1 to 999')
  .min(STOCK_LIMITS.minQuantity, 'quantity must be a whole number from 1 to 999')
  .max(STOCK_LIMITS.maxQuantity, 'quantity must be a whole number from 1 to 999')

/**
 * An item of a report: its quantity where the shop has quantities (`shopHasQuantities`: needed there);
 * at a shop without (the Blox Fruits dealers) none is asked, and one sent is not kept.
 */
export const stockItemInputSchema = z.strictObject({
  item: text('item', { min: 1, max: 120 }),
  quantity: quantitySchema.optional(),
})

const itemList = <T extends z.ZodType>(item: T) =>
  z.array(item).max(STOCK_LIMITS.maxItems, `A report has at most ${STOCK_LIMITS.maxItems} items`)

/**
 * POST /api/stock/:game/reports, our shape: one shop's stock now. A visit (the traveling merchant) and
 * weather may give their start and end; weather names its `weather` and has no items.
 */
export const stockReportRequestSchema = z.strictObject({
  shop: text('shop', { min: 1, max: 50 }),
  items: itemList(stockItemInputSchema).default([]),
  observedAt: isoTime('observedAt').optional(),
  weather: text('weather', { min: 1, max: 50 }).optional(),
  startsAt: isoTime('startsAt').optional(),
  endsAt: isoTime('endsAt').optional(),
})
export type StockReportRequest = z.input<typeof stockReportRequestSchema>

const communityItemSchema = z.looseObject({
  item_id: text('item_id', { min: 1, max: 120 }),
  display_name: text('display_name', { max: 120 }).optional(),
  quantity: quantitySchema,
})
const communityList = itemList(communityItemSchema).optional()
const unixSeconds = z.number().int().min(0).max(32_503_680_000).optional()

/**
 * The same path, in the shape popular Grow a Garden bots already post (JStudio's), so such a bot can
 * point at us unchanged. Eggs are slots: one egg may be listed several times.
 */
export const communityStockSchema = z.looseObject({
  seed_stock: communityList,
  gear_stock: communityList,
  egg_stock: communityList,
  cosmetic_stock: communityList,
  eventshop_stock: communityList,
  travelingmerchant_stock: z
    .union([
      itemList(communityItemSchema),
      z.looseObject({
        merchantName: text('merchantName', { max: 80, noControlCharacters: true }).optional(),
        stock: itemList(communityItemSchema),
      }),
    ])
    .optional(),
  weather: z
    .array(
      z.looseObject({
        weather_id: text('weather_id', { min: 1, max: 50 }),
        active: z.boolean().optional(),
        start_duration_unix: unixSeconds,
        end_duration_unix: unixSeconds,
      }),
    )
    .max(20)
    .optional(),
})
export type CommunityStock = z.input<typeof communityStockSchema>

/** The community lists and the shop each one fills. */
export const COMMUNITY_LISTS = {
  seed_stock: 'seeds',
  gear_stock: 'gear',
  egg_stock: 'eggs',
  cosmetic_stock: 'cosmetics',
  eventshop_stock: 'event',
  travelingmerchant_stock: 'traveling-merchant',
} as const

// --- The upstream game feed (GROW_A_GARDEN_STOCK_FEED_URL) ---------------------------------------------

/** A name from the feed as the pages may show it: control and format characters dropped, bounded. */
const feedName = z
  .string()
  .max(500)
  .transform((v) =>
    v
      .toWellFormed()
      .replace(/[\p{Cc}\p{Cf}]/gu, '')
      .trim()
      .slice(0, 120),
  )
const feedUnix = z.number().int().min(0).max(32_503_680_000).optional()

/** One item of a feed list, as JStudio-style feeds give it (`icon` and other fields are ignored). */
const feedItemSchema = z.looseObject({
  item_id: feedName.pipe(z.string().min(1, 'item_id is empty')),
  display_name: feedName.optional(),
  /** 0: listed but sold out (left out of the report). */
  quantity: z.number().int().min(0).max(1_000_000),
  start_date_unix: feedUnix,
  end_date_unix: feedUnix,
})
export type FeedItem = z.output<typeof feedItemSchema>

const feedList = z.array(feedItemSchema).max(STOCK_LIMITS.maxItems).nullish()

/**
 * The answer of the upstream stock feed, in the shape community bots publish (JStudio's
 * `/v2/growagarden/stock`): a list per shop, each item `{ item_id, display_name, quantity,
 * start_date_unix, end_date_unix }`, and the weather. Unknown fields are ignored; an answer that does not
 * match is logged and skipped.
 */
export const stockFeedSchema = z.looseObject({
  seed_stock: feedList,
  gear_stock: feedList,
  egg_stock: feedList,
  cosmetic_stock: feedList,
  eventshop_stock: feedList,
  travelingmerchant_stock: z
    .union([
      z.array(feedItemSchema).max(STOCK_LIMITS.maxItems),
      z.looseObject({ stock: z.array(feedItemSchema).max(STOCK_LIMITS.maxItems).nullish() }),
    ])
    .nullish(),
  weather: z
    .array(
      z.looseObject({
        weather_id: feedName.pipe(z.string().min(1)),
        active: z.boolean().optional(),
        start_duration_unix: feedUnix,
        end_duration_unix: feedUnix,
      }),
    )
    .max(50)
    .nullish(),
})
export type StockFeed = z.output<typeof stockFeedSchema>

/** GET /api/stock/:game/feed-unknown (stock managers): feed items the catalog lacks, newest first. */
export const feedUnknownItemSchema = z.object({
  shop: z.string(),
  feedId: z.string(),
  displayName: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  timesSeen: z.number(),
})
export type FeedUnknownItem = z.infer<typeof feedUnknownItemSchema>
export const feedUnknownResponseSchema = z.object({
  /** Whether this site reads a feed for the game (GROW_A_GARDEN_STOCK_FEED_URL is set). */
  configured: z.boolean(),
  lastReadAt: z.string().nullable(),
  lastOkAt: z.string().nullable(),
  /** Why the last read failed (null: it did not). */
  lastError: z.string().nullable(),
  items: z.array(feedUnknownItemSchema),
})
export type FeedUnknownResponse = z.infer<typeof feedUnknownResponseSchema>

// --- Reports out --------------------------------------------------------------------------------------

/** An item in stock: `quantity` null at a shop without quantities (the Blox Fruits dealers). */
export const stockItemSchema = z.object({ item: z.string(), quantity: z.number().int().nullable() })
export type StockItem = z.infer<typeof stockItemSchema>

export const stockReportSchema = z.object({
  id: z.number(),
  shop: z.string(),
  /** The restock window (clock shops) or the visit (merchant, weather) the report belongs to. */
  windowStart: z.string(),
  windowEnd: z.string(),
  observedAt: z.string(),
  reportedAt: z.string(),
  /** Who reported it: a stock manager (their username), a bot (its token's name) or the game feed. */
  source: z.object({ kind: z.enum(STOCK_SOURCES), name: z.string() }),
  /** A later report replaced an earlier one of the same window. */
  corrected: z.boolean(),
  weather: z.string().nullable(),
  items: z.array(stockItemSchema),
})
export type StockReport = z.infer<typeof stockReportSchema>

/** What a page shows of an item in stock: from the catalog. */
export const stockItemInfoSchema = z.object({
  name: z.string(),
  category: z.string().nullable(),
  rarity: z.string().nullable(),
  inGamePrice: z.number().nullable(),
  robuxPrice: z.number().nullable(),
  value: z.number().nullable(),
  /** The item's image address without its size, as in the catalog; null: a generated tile. */
  image: z.string().nullable(),
})
export type StockItemInfo = z.infer<typeof stockItemInfoSchema>

export const stockShopSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['clock', 'visit']),
  periodSeconds: z.number(),
  offsetSeconds: z.number(),
  /** Clock shops: the window holding the answer's time, and the next restock. */
  windowStart: z.string().nullable(),
  nextRestockAt: z.string().nullable(),
  /**
   * The latest report. It is the current stock only while its window is the current one: past that, it
   * is the previous stock (the page says it waits for the new one). A visit is there until its end.
   */
  report: stockReportSchema.nullable(),
})
export type StockShop = z.infer<typeof stockShopSchema>

/** GET /api/stock/:game, and the `stock` event of /api/stock/:game/stream. */
export const stockResponseSchema = z.object({
  game: z.string(),
  /** Changes with every change of the stock: the event id of the stream. */
  version: z.string(),
  generatedAt: z.string(),
  shops: z.array(stockShopSchema),
  /** Weather reports that had not ended when the answer was made. */
  weather: z.array(stockReportSchema),
  /** The catalog facts of every item in these reports. */
  items: z.record(z.string(), stockItemInfoSchema),
})
export type StockResponse = z.infer<typeof stockResponseSchema>

/** POST /api/stock/:game/reports: 201 with a new report, 200 when it was the current stock already. */
export const stockReportResultSchema = z.object({ report: stockReportSchema, created: z.boolean() })
export type StockReportResult = z.infer<typeof stockReportResultSchema>

/** The community shape's answer: one result per list it carried. */
export const stockReportResultsSchema = z.object({ results: z.array(stockReportResultSchema) })

// --- History and per-item facts -----------------------------------------------------------------------

export const stockHistoryQuerySchema = z.strictObject({
  shop: text('shop', { min: 1, max: 50 }).optional(),
  item: z.string().regex(ITEM_ID_PATTERN, 'item is not a valid item id').optional(),
  /** The id of the last report of the previous page. */
  before: intParam('before', 1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  limit: intParam('limit', 1, 100, STOCK_LIMITS.historyPageSize),
})

export const stockHistoryResponseSchema = z.object({
  reports: z.array(stockReportSchema),
  items: z.record(z.string(), stockItemInfoSchema),
  /** `before` for the next page, or null at the end. */
  nextBefore: z.number().nullable(),
})
export type StockHistoryResponse = z.infer<typeof stockHistoryResponseSchema>

/** GET /api/stock/:game/items/:item: when the item was last in stock, how often, and its odds. */
export const stockItemStatsSchema = z.object({
  item: z.string(),
  lastSeen: z
    .object({ at: z.string(), shop: z.string(), shopName: z.string(), quantity: z.number().nullable() })
    .nullable(),
  /** Reports (restocks) of the last 7 days that had the item. */
  appearancesLast7Days: z.number(),
  /** From game data (the catalog), with the period of the shop it restocks in. */
  odds: z
    .object({
      chance: z.number(),
      minQuantity: z.number().nullable(),
      maxQuantity: z.number().nullable(),
      shop: z.string(),
      periodSeconds: z.number(),
    })
    .nullable(),
})
export type StockItemStats = z.infer<typeof stockItemStatsSchema>

// --- Ingest tokens ----------------------------------------------------------------------------------

export const createTokenRequestSchema = z.strictObject({
  name: text('name', {
    min: 1,
    max: STOCK_LIMITS.tokenNameMax,
    noControlCharacters: true,
    messages: { tooShort: 'Give the token a name' },
  }),
})

export const ingestTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Not revoked, but refused while its creator may not manage the game (null: it works, or revoked). */
  stoppedReason: z.enum(TOKEN_STOP_REASONS).nullable(),
})
export type IngestToken = z.infer<typeof ingestTokenSchema>

export const tokenListResponseSchema = z.object({ tokens: z.array(ingestTokenSchema) })
/** The token itself is in this answer only: it is stored hashed. */
export const createdTokenResponseSchema = ingestTokenSchema.extend({ token: z.string() })
export type CreatedToken = z.infer<typeof createdTokenResponseSchema>

export const tokenParamsSchema = z.strictObject({
  game: z.string(),
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a number')
    .min(1)
    .max(Number.MAX_SAFE_INTEGER),
})

// --- Shop settings (admins) and catalog additions (stock managers) ------------------------------------

export const shopSettingsRequestSchema = z
  .strictObject({
    name: text('name', { min: 1, max: 60, noControlCharacters: true }).optional(),
    periodSeconds: z
      .number()
      .int()
      .min(60)
      .max(7 * 24 * 3600)
      .optional(),
    offsetSeconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .optional(),
    enabled: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Give name, periodSeconds, offsetSeconds or enabled' })
export type ShopSettingsRequest = z.input<typeof shopSettingsRequestSchema>

export const shopSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['clock', 'visit']),
  periodSeconds: z.number(),
  offsetSeconds: z.number(),
  enabled: z.boolean(),
})
export type ShopSettings = z.infer<typeof shopSettingsSchema>
export const shopSettingsResponseSchema = z.object({ shops: z.array(shopSettingsSchema) })

export const newStockItemRequestSchema = z.strictObject({
  name: text('name', { min: 2, max: 60, noControlCharacters: true }),
  category: text('category', { min: 1, max: 30 }),
  rarity: text('rarity', { min: 1, max: 30 }),
})
export type NewStockItemRequest = z.input<typeof newStockItemRequestSchema>
export const newStockItemResponseSchema = z.object({ id: z.string(), name: z.string() })
