import { z } from 'zod'
import { robloxUserSchema } from '@/features/verification/contract'
import { GAME_IDS } from '@/shared/games'
import { text } from '@/shared/text'
import { earnedAchievementSchema, usernameParamSchema } from '../achievements/contract'
import { valuePointSchema } from '../catalog/contract'
import {
  TRADE_TAGS,
  TRADING_LIMITS,
  tradeAdsQuerySchema,
  tradeIdParamSchema,
  tradeSlotSchema,
  tradeWflSchema,
} from '../trading/contract'
import { reviewSummarySchema } from '../trust/contract'
import { PUBLIC_API_LIMITS, V1_EXAMPLES } from './rules'

export * from './rules'

// --- API keys (the profile) ---------------------------------------------------------------------------

export const createApiKeyRequestSchema = z.strictObject({
  name: text('name', { min: 1, max: PUBLIC_API_LIMITS.keyNameMax, noControlCharacters: true }),
})
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart: the key itself is shown once. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Requests made with the key (counted in batches: a few seconds late). */
  useCount: z.number(),
  revokedAt: z.string().nullable(),
})
export type ApiKey = z.infer<typeof apiKeySchema>

export const apiKeyListResponseSchema = z.object({ keys: z.array(apiKeySchema) })
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>

/** The new key, shown this once. */
export const createdApiKeyResponseSchema = apiKeySchema.extend({ key: z.string() })
export type CreatedApiKey = z.infer<typeof createdApiKeyResponseSchema>

export const apiKeyParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'id must be a key id' })
    .int('id must be a key id')
    .min(1)
    .max(2 ** 53 - 1),
})

// --- v1 ----------------------------------------------------------------------------------------------

/** A parameter described with its example, as the reference shows it ("…, e.g. tiger") and tools read it. */
const exampled = <T extends z.ZodType>(schema: T, description: string, example: string) =>
  schema.meta({ description: `${description}, e.g. ${example}`, examples: [example] })

export const gameParamsSchema = z.object({ game: exampled(z.string(), 'A game id', V1_EXAMPLES.game) })
export const itemParamsSchema = gameParamsSchema.extend({
  item: exampled(z.string(), 'An item id of the game', V1_EXAMPLES.item),
})
export const stockParamsSchema = z.object({
  game: exampled(z.string(), 'A game with a stock tracker', V1_EXAMPLES.stockGame),
})

/** GET /api/v1/games/:game/items/:item/history */
export const itemHistoryResponseSchema = z.object({ points: z.array(valuePointSchema) })

/** GET /api/v1/openapi.json (described by the OpenAPI 3.1 specification itself). */
export const openApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({}) })

export const stockQuerySchema = z.strictObject({
  shape: z
    .enum(['tradehub', 'community'], { error: 'shape must be tradehub or community' })
    .default('tradehub')
    .describe('community: the JStudio-style seed_stock, gear_stock, … lists (Grow a Garden only)'),
})

const communityStockItem = z.object({
  item_id: z.string(),
  display_name: z.string(),
  quantity: z.number().int(),
  start_date_unix: z.number().int(),
  end_date_unix: z.number().int(),
})
export type CommunityStockItem = z.infer<typeof communityStockItem>

/** GET /api/v1/stock/grow-a-garden?shape=community: the lists community bots already read. */
export const communityStockResponseSchema = z.object({
  seed_stock: z.array(communityStockItem),
  gear_stock: z.array(communityStockItem),
  egg_stock: z.array(communityStockItem),
  cosmetic_stock: z.array(communityStockItem),
  eventshop_stock: z.array(communityStockItem),
  travelingmerchant_stock: z.array(communityStockItem),
  weather: z.array(
    z.object({
      weather_id: z.string(),
      weather_name: z.string(),
      active: z.boolean(),
      start_duration_unix: z.number().int(),
      end_duration_unix: z.number().int(),
    }),
  ),
})
export type CommunityStockResponse = z.infer<typeof communityStockResponseSchema>

// --- v1: trading ---------------------------------------------------------------------------------------

const adFilters = tradeAdsQuerySchema.shape

/** GET /api/v1/trade-ads: the filters of the site's list (/api/trade-ads), described. */
export const v1TradeAdsQuerySchema = z.strictObject({
  game: exampled(adFilters.game, 'Only ads of this game', V1_EXAMPLES.game),
  has: exampled(adFilters.has, 'Only ads offering this item id', V1_EXAMPLES.heldItem),
  wants: adFilters.wants.describe('Only ads asking for this item id'),
  tag: adFilters.tag.describe(`Only ads with this tag: ${TRADE_TAGS.join(', ')}`),
  user: adFilters.user.describe("Only this trader's ads (a username)"),
  verified: adFilters.verified.describe('1: only ads of traders with a verified Roblox account'),
  page: adFilters.page.describe(`The page, from 1 (${TRADING_LIMITS.pageSize} ads a page)`),
})

export const v1TradeAdParamsSchema = z.strictObject({
  id: tradeIdParamSchema.shape.id.describe('A trade ad id'),
})

export const v1TraderParamsSchema = z.strictObject({
  username: usernameParamSchema.shape.username.describe("A trader's username"),
})

/** The trader of an ad, as a signed-out visitor sees them beside it. */
export const v1AdTraderSchema = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  /** The Roblox account the trader verified (the Verified badge), null: not verified. */
  roblox: z.object({ name: z.string(), displayName: z.string() }).nullable(),
  /** Their reviews: the average out of 5 (null: none yet) and how many. */
  reviews: z.object({ average: z.number().nullable(), count: z.number().int() }),
  completedTrades: z.number().int(),
  /** Their profile page. */
  url: z.string(),
})
export type V1AdTrader = z.infer<typeof v1AdTraderSchema>

/** An open trade ad. */
export const v1TradeAdSchema = z.object({
  id: z.number().int(),
  game: z.enum(GAME_IDS),
  /** The ad's page on the site. */
  url: z.string(),
  trader: v1AdTraderSchema,
  /** What the trader gives: items with their names, quantities and one unit's value. */
  offering: z.array(tradeSlotSchema),
  /** What the trader asks for. */
  requesting: z.array(tradeSlotSchema),
  tags: z.array(z.enum(TRADE_TAGS)),
  /** The trader's note, plain text as they wrote it (escape it where you show it). */
  note: z.string(),
  /** Both sides' totals and the trader's Win/Fair/Loss verdict, as the site shows them. */
  wfl: tradeWflSchema,
  createdAt: z.string(),
  /** When it was last listed (posted or relisted): the list's order, newest first. */
  listedAt: z.string(),
  expiresAt: z.string(),
})
export type V1TradeAd = z.infer<typeof v1TradeAdSchema>

/** GET /api/v1/trade-ads */
export const v1TradeAdsResponseSchema = z.object({
  ads: z.array(v1TradeAdSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  /** The server's time. */
  now: z.string(),
})
export type V1TradeAdsResponse = z.infer<typeof v1TradeAdsResponseSchema>

/** GET /api/v1/trade-ads/:id */
export const v1TradeAdResponseSchema = z.object({ ad: v1TradeAdSchema, now: z.string() })
export type V1TradeAdResponse = z.infer<typeof v1TradeAdResponseSchema>

/** GET /api/v1/traders/:username: what the trader's public profile shows. */
export const v1TraderResponseSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  joinedAt: z.string(),
  /** The profile page. */
  url: z.string(),
  /** The Roblox account the trader verified, null: not verified. */
  roblox: robloxUserSchema.nullable(),
  /** OG member: on the launch list before the site opened. */
  ogBadge: z.boolean(),
  /**
   * Average rating (one decimal), reviews, completed trades, distinct trading partners, % positive and
   * disputes upheld. A partner counts once in 7 days toward the reviews and the completed trades.
   */
  reputation: reviewSummarySchema,
  /** Achievements earned, newest first. */
  achievements: z.array(earnedAchievementSchema),
  /** Their open ads: how many, the site's list of them and this API's. */
  openAds: z.object({ count: z.number().int(), url: z.string(), api: z.string() }),
})
export type V1TraderResponse = z.infer<typeof v1TraderResponseSchema>
