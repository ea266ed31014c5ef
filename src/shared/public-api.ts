import { z } from 'zod'
import { valuePointSchema } from './catalog'
import { PUBLIC_API_LIMITS } from './public-api-rules'
import { text } from './text'

export * from './public-api-rules'

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

export const gameParamsSchema = z.object({ game: z.string().describe('A game id, e.g. blox-fruits') })
export const itemParamsSchema = gameParamsSchema.extend({
  item: z.string().describe('An item id of the game, e.g. leopard'),
})
export const stockParamsSchema = z.object({
  game: z.string().describe('A game with a stock tracker, e.g. grow-a-garden'),
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
