import type { z } from 'zod'
import {
  changesResponseSchema,
  gamesResponseSchema,
  historyQuerySchema,
  itemDetailResponseSchema,
  itemListQuerySchema,
  itemListResponseSchema,
  tradeQuerySchema,
  tradeResponseSchema,
} from '@/features/catalog/contract'
import {
  communityStockResponseSchema,
  gameParamsSchema,
  itemHistoryResponseSchema,
  itemParamsSchema,
  openApiDocumentSchema,
  stockParamsSchema,
  stockQuerySchema,
  v1TradeAdParamsSchema,
  v1TradeAdResponseSchema,
  v1TradeAdsQuerySchema,
  v1TradeAdsResponseSchema,
  v1TraderParamsSchema,
  v1TraderResponseSchema,
} from '@/features/public-api/contract'
import { stockResponseSchema } from '@/features/stock/contract'

/**
 * One documented v1 route: the routes validate with `query` and the OpenAPI document is generated from
 * this entry, so what is documented is what is checked (decision 040).
 */
export interface V1Route {
  /** Hono's form, under /api/v1: `/games/:game/items`. */
  path: string
  summary: string
  description?: string
  tag: 'Games and items' | 'Stock' | 'Trading' | 'About the API'
  params?: z.ZodObject
  query?: z.ZodType
  /** The 200 answer; an event stream is described in words. */
  response: z.ZodType | 'event-stream'
  /** Other 200 answers by a query parameter's value (`?shape=community`). */
  alternatives?: { name: string; schema: z.ZodType }[]
}

export const V1_ROUTES = {
  games: {
    path: '/games',
    summary: 'The games',
    description: 'Every game of the site with its item count and value unit.',
    tag: 'Games and items',
    response: gamesResponseSchema,
  },
  items: {
    path: '/games/:game/items',
    summary: "A game's items",
    description: 'Search, filter by category or rarity, sort and page the items of a game.',
    tag: 'Games and items',
    params: gameParamsSchema,
    query: itemListQuerySchema,
    response: itemListResponseSchema,
  },
  item: {
    path: '/games/:game/items/:item',
    summary: 'One item',
    description: 'An item with its value, demand, notes and its recent value history.',
    tag: 'Games and items',
    params: itemParamsSchema,
    response: itemDetailResponseSchema,
  },
  history: {
    path: '/games/:game/items/:item/history',
    summary: "An item's value history",
    tag: 'Games and items',
    params: itemParamsSchema,
    query: historyQuerySchema,
    response: itemHistoryResponseSchema,
  },
  changes: {
    path: '/games/:game/changes',
    summary: 'Value changes',
    description: "The latest value changes of a game's items, newest first.",
    tag: 'Games and items',
    params: gameParamsSchema,
    query: historyQuerySchema,
    response: changesResponseSchema,
  },
  trade: {
    path: '/games/:game/trade',
    summary: 'Evaluate a trade',
    description: 'Both sides of a trade valued and judged Win, Fair or Loss by the WFL rule.',
    tag: 'Games and items',
    params: gameParamsSchema,
    query: tradeQuerySchema,
    response: tradeResponseSchema,
  },
  stock: {
    path: '/stock/:game',
    summary: "A game's stock",
    description:
      'The current stock of every shop, the weather and the catalog facts of the items in stock. ' +
      'For Grow a Garden, `shape=community` answers the lists community bots read (seed_stock, gear_stock, …).',
    tag: 'Stock',
    params: stockParamsSchema,
    query: stockQuerySchema,
    response: stockResponseSchema,
    alternatives: [{ name: 'shape=community', schema: communityStockResponseSchema }],
  },
  stockStream: {
    path: '/stock/:game/stream',
    summary: "A game's stock, live",
    description:
      'Server-sent events: a `stock` event with the answer of GET /stock/{game} now and on every change.',
    tag: 'Stock',
    params: stockParamsSchema,
    response: 'event-stream',
  },
  tradeAds: {
    path: '/trade-ads',
    summary: 'Open trade ads',
    description:
      "The marketplace's open ads, newest listed first, as a signed-out visitor sees them: what each " +
      "trader offers and asks for (items, quantities, values), their note, the trader and the ad's page. " +
      'Filter by game, an item offered (`has`) or asked for (`wants`), a tag, a trader or verified traders only.',
    tag: 'Trading',
    query: v1TradeAdsQuerySchema,
    response: v1TradeAdsResponseSchema,
  },
  tradeAd: {
    path: '/trade-ads/:id',
    summary: 'One trade ad',
    description: 'An open ad; 404 once it is closed, traded, ended or taken down.',
    tag: 'Trading',
    params: v1TradeAdParamsSchema,
    response: v1TradeAdResponseSchema,
  },
  trader: {
    path: '/traders/:username',
    summary: "A trader's public profile",
    description:
      'What the profile page shows: joined date, verified Roblox account, reputation (average rating, ' +
      'reviews, completed trades, trading partners, % positive; a partner counts once in 7 days), ' +
      'achievements and the open ads.',
    tag: 'Trading',
    params: v1TraderParamsSchema,
    response: v1TraderResponseSchema,
  },
  openapi: {
    path: '/openapi.json',
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of API v1.',
    tag: 'About the API',
    response: openApiDocumentSchema,
  },
} satisfies Record<string, V1Route>
