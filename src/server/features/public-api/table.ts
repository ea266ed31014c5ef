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
} from '@/shared/catalog'
import {
  communityStockResponseSchema,
  gameParamsSchema,
  itemHistoryResponseSchema,
  itemParamsSchema,
  openApiDocumentSchema,
  stockParamsSchema,
  stockQuerySchema,
} from '@/shared/public-api'
import { stockResponseSchema } from '@/shared/stock'

/**
 * One documented v1 route: the routes validate with `query` and the OpenAPI document is generated from
 * this entry, so what is documented is what is checked (decision 040).
 */
export interface V1Route {
  /** Hono's form, under /api/v1: `/games/:game/items`. */
  path: string
  summary: string
  description?: string
  tag: 'Games and items' | 'Stock' | 'About the API'
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
  openapi: {
    path: '/openapi.json',
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of API v1.',
    tag: 'About the API',
    response: openApiDocumentSchema,
  },
} satisfies Record<string, V1Route>
