import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  historyQuerySchema,
  itemListQuerySchema,
  searchQuerySchema,
  tradeQuerySchema,
} from '@/features/catalog/contract'
import { sendCachedJson, toCachedJson } from '@/platform/server/lib/read-cache'
import { queryParams } from '@/platform/server/lib/validate'
import { catalogOf, type GameEnv, withGame } from './params'
import {
  CATALOG_CACHE_PREFIX,
  type CatalogDeps,
  getGameChanges,
  getItemDetail,
  getItemHistory,
  listGames,
  listItems,
  searchAllGames,
} from './service'
import { evaluateSharedTrade } from './trade'

type CatalogEnv = GameEnv & { Variables: { catalog: CatalogDeps } }

const withCatalog = createMiddleware<CatalogEnv>(async (c, next) => {
  c.set('catalog', catalogOf(c.get('deps')))
  await next()
})

/**
 * The catalog and the route's game, read with `c.get`: these are hot paths, and `c.var` copies every
 * variable into a new object per read.
 */
// biome-ignore lint/suspicious/noExplicitAny: any path and validated input of these routes
const scopeOf = (c: Context<CatalogEnv, any, any>) => ({ catalog: c.get('catalog'), gameId: c.get('gameId') })

/** The public reads' query strings are few and asked again and again: their parsed form is kept. */
const PUBLIC_QUERY = { remember: 500 }

const key = (...parts: unknown[]) =>
  CATALOG_CACHE_PREFIX + parts.map((p) => JSON.stringify(p ?? null)).join(':')

/** /api/games: public reads, answered from the in-process cache with ETags. */
export const catalogRoutes = new Hono<CatalogEnv>()
  .use(withCatalog)
  .get('/', async (c) => {
    const catalog = c.get('catalog')
    return sendCachedJson(
      c,
      await catalog.cache.json(key('games-response'), async () => ({ games: await listGames(catalog) })),
    )
  })
  .get('/:game/items', withGame, queryParams(itemListQuerySchema, PUBLIC_QUERY), async (c) => {
    const query = c.req.valid('query')
    const { catalog, gameId } = scopeOf(c)
    return sendCachedJson(
      c,
      await catalog.cache.json(key('list', gameId, query), () => listItems(catalog, gameId, query)),
    )
  })
  .get('/:game/changes', withGame, queryParams(historyQuerySchema, PUBLIC_QUERY), async (c) => {
    const { limit } = c.req.valid('query')
    const { catalog, gameId } = scopeOf(c)
    return sendCachedJson(
      c,
      await catalog.cache.json(key('changes', gameId, limit), () => getGameChanges(catalog, gameId, limit)),
    )
  })
  .get('/:game/trade', withGame, queryParams(tradeQuerySchema, PUBLIC_QUERY), async (c) => {
    const query = c.req.valid('query')
    const { catalog, gameId } = scopeOf(c)
    // Evaluated from the cached snapshot on every call: trades are too varied to be worth caching.
    return sendCachedJson(c, toCachedJson(await evaluateSharedTrade(catalog, gameId, query)))
  })
  .get('/:game/items/:item', withGame, async (c) => {
    const { catalog, gameId } = scopeOf(c)
    const item = c.req.param('item')
    return sendCachedJson(
      c,
      await catalog.cache.json(key('item', gameId, item), () => getItemDetail(catalog, gameId, item)),
    )
  })
  .get('/:game/items/:item/history', withGame, queryParams(historyQuerySchema, PUBLIC_QUERY), async (c) => {
    const { catalog, gameId } = scopeOf(c)
    const item = c.req.param('item')
    const { limit } = c.req.valid('query')
    return sendCachedJson(
      c,
      await catalog.cache.json(key('history', gameId, item, limit), () =>
        getItemHistory(catalog, gameId, item, limit),
      ),
    )
  })

/** /api/items?search= : the site search across every game. */
export const searchRoutes = new Hono<CatalogEnv>()
  .use(withCatalog)
  .get('/', queryParams(searchQuerySchema, PUBLIC_QUERY), async (c) => {
    const { search, limit } = c.req.valid('query')
    const catalog = c.get('catalog')
    return sendCachedJson(
      c,
      await catalog.cache.json(key('search', search, limit), () => searchAllGames(catalog, search, limit)),
    )
  })
