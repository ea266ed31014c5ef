import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import {
  CATALOG_CACHE_PREFIX,
  type CatalogDeps,
  catalogOf,
  evaluateSharedTrade,
  type GameEnv,
  getGameChanges,
  getItemDetail,
  getItemHistory,
  listGames,
  listItems,
  withGame,
} from '@/features/catalog/server/public'
import {
  type ApiKeyListResponse,
  apiKeyParamsSchema,
  createApiKeyRequestSchema,
  PUBLIC_API_LIMITS,
  STOCK_MESSAGES_V1,
} from '@/features/public-api/contract'
import { followStock, type StockSnapshot, stockLiveOf } from '@/features/stock/server/public'
import { tradingOf } from '@/features/trading/server/public'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import { AppError } from '@/platform/server/lib/errors'
import { streamTopics } from '@/platform/server/lib/live'
import { hitRateLimit, limitsFor } from '@/platform/server/lib/rate-limit'
import { type CachedJson, noStore, sendCachedJson, toCachedJson } from '@/platform/server/lib/read-cache'
import { jsonBody, paramsOf, queryParams } from '@/platform/server/lib/validate'
import { isStockGame } from '@/shared/games'
import { toCommunityStock } from './community'
import { createApiKey, listApiKeys, revokeApiKey } from './keys'
import { admitKeptAnswer, apiStateOf, EXPOSED_HEADERS, v1Limit } from './limits'
import { buildOpenApiDocument } from './openapi'
import { V1_ROUTES as R } from './table'
import { v1Ad, v1AdList, v1Trader } from './trading'

/** v1 answers may be kept a little by clients and proxies; none is kept by the server's shared answers. */
const PUBLIC = 'public, max-age=30, stale-while-revalidate=300'
const PUBLIC_QUERY = { remember: 500 }
/** Asked again each time, as the site's own list and ads: a new or closed ad shows at once. */
const REVALIDATE = 'public, no-cache'

const key = (...parts: unknown[]) =>
  `${CATALOG_CACHE_PREFIX}v1:${parts.map((p) => JSON.stringify(p ?? null)).join(':')}`

const scopeOf = (
  // biome-ignore lint/suspicious/noExplicitAny: any path and validated input of these routes
  c: Context<GameEnv, any, any>,
): { catalog: CatalogDeps; gameId: GameEnv['Variables']['gameId'] } => ({
  catalog: catalogOf(c.get('deps')),
  gameId: c.get('gameId'),
})

/**
 * A public read's answer; the Node listener keeps it (shared answers) and answers the same URL again
 * itself, counting the request and adding the CORS and limit headers as `v1Limit` would.
 */
function sendPublic(c: Context<GameEnv>, cached: CachedJson, cacheControl = PUBLIC): Response {
  const deps = c.get('deps')
  deps.sharedAnswers?.remember(c, cached, cacheControl, { admit: admitKeptAnswer(deps) })
  return sendCachedJson(c, cached, cacheControl)
}

/** The OpenAPI document, made once per server address. */
const documents = new Map<string, CachedJson>()
const documentFor = (publicUrl: string) => {
  let doc = documents.get(publicUrl)
  if (!doc) {
    doc = toCachedJson(buildOpenApiDocument(publicUrl))
    documents.set(publicUrl, doc)
  }
  return doc
}

/** Each stock snapshot in the community shape, made once per snapshot (it changes with every report). */
const communityAnswers = new WeakMap<StockSnapshot, { until: number; answer: CachedJson }>()
function communityAnswer(snapshot: StockSnapshot): CachedJson {
  const now = Date.now()
  const kept = communityAnswers.get(snapshot)
  if (kept && kept.until > now) return kept.answer
  // A report's window may end before the next report: the shape is made again a few seconds later.
  const answer = toCachedJson(toCommunityStock(snapshot.data, new Date(now)))
  communityAnswers.set(snapshot, { until: now + 5000, answer })
  return answer
}

/**
 * /api/v1: the stable, read-only API for bots and sites (decision 040). Every route is an entry of the
 * route table (table.ts), which validates its query and documents it in /api/v1/openapi.json.
 */
export const v1Routes = new Hono<GameEnv>()
  .use(
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'OPTIONS'],
      allowHeaders: ['X-API-Key', 'If-None-Match'],
      exposeHeaders: EXPOSED_HEADERS,
      maxAge: 86_400,
    }),
  )
  .use(v1Limit)
  .get(R.openapi.path, (c) => sendCachedJson(c, documentFor(c.get('deps').env.PUBLIC_URL), PUBLIC))
  .get(R.games.path, async (c) => {
    const catalog = catalogOf(c.get('deps'))
    return sendPublic(
      c,
      await catalog.cache.json(key('games'), async () => ({ games: await listGames(catalog) })),
    )
  })
  .get(R.items.path, withGame, queryParams(R.items.query, PUBLIC_QUERY), async (c) => {
    const query = c.req.valid('query')
    const { catalog, gameId } = scopeOf(c)
    return sendPublic(
      c,
      await catalog.cache.json(key('list', gameId, query), () => listItems(catalog, gameId, query)),
    )
  })
  .get(R.item.path, withGame, async (c) => {
    const { catalog, gameId } = scopeOf(c)
    const item = c.req.param('item') ?? ''
    return sendPublic(
      c,
      await catalog.cache.json(key('item', gameId, item), () => getItemDetail(catalog, gameId, item)),
    )
  })
  .get(R.history.path, withGame, queryParams(R.history.query, PUBLIC_QUERY), async (c) => {
    const { catalog, gameId } = scopeOf(c)
    const item = c.req.param('item') ?? ''
    const { limit } = c.req.valid('query')
    return sendPublic(
      c,
      await catalog.cache.json(key('history', gameId, item, limit), () =>
        getItemHistory(catalog, gameId, item, limit),
      ),
    )
  })
  .get(R.changes.path, withGame, queryParams(R.changes.query, PUBLIC_QUERY), async (c) => {
    const { catalog, gameId } = scopeOf(c)
    const { limit } = c.req.valid('query')
    return sendPublic(
      c,
      await catalog.cache.json(key('changes', gameId, limit), () => getGameChanges(catalog, gameId, limit)),
    )
  })
  .get(R.trade.path, withGame, queryParams(R.trade.query, PUBLIC_QUERY), async (c) => {
    const { catalog, gameId } = scopeOf(c)
    return sendCachedJson(
      c,
      toCachedJson(await evaluateSharedTrade(catalog, gameId, c.req.valid('query'))),
      PUBLIC,
    )
  })
  .get(R.stock.path, queryParams(R.stock.query), async (c) => {
    const game = c.req.param('game') ?? ''
    if (!isStockGame(game)) throw new AppError('NOT_FOUND', STOCK_MESSAGES_V1.noTracker)
    const { shape } = c.req.valid('query')
    if (shape === 'community' && game !== 'grow-a-garden')
      throw new AppError('VALIDATION_FAILED', STOCK_MESSAGES_V1.communityOnlyGag, {
        fields: { shape: STOCK_MESSAGES_V1.communityOnlyGag },
      })
    const snapshot = await stockLiveOf(c.get('deps')).current(game)
    return sendCachedJson(c, shape === 'community' ? communityAnswer(snapshot) : snapshot, 'public, no-cache')
  })
  .get(R.stockStream.path, (c) => {
    const game = c.req.param('game') ?? ''
    if (!isStockGame(game)) throw new AppError('NOT_FOUND', STOCK_MESSAGES_V1.noTracker)
    return streamTopics(c, [followStock(c.get('deps'), game)])
  })
  .get(R.tradeAds.path, queryParams(R.tradeAds.query, { remember: 200 }), async (c) =>
    sendPublic(c, await v1AdList(tradingOf(c.get('deps')), c.req.valid('query')), REVALIDATE),
  )
  .get(R.tradeAd.path, paramsOf(R.tradeAd.params), async (c) =>
    sendPublic(c, await v1Ad(tradingOf(c.get('deps')), c.req.valid('param').id), REVALIDATE),
  )
  .get(R.trader.path, paramsOf(R.trader.params), async (c) =>
    sendCachedJson(c, toCachedJson(await v1Trader(c.get('deps'), c.req.valid('param').username)), PUBLIC),
  )

const KEY_LIMITS = { writes: { max: PUBLIC_API_LIMITS.keyWritesPerMinute, windowSeconds: 60 } }

/** /api/profile/api-keys: a trader's API keys: list with their use, create (shown once), revoke. */
export const apiKeyRoutes = new Hono<UserEnv>()
  .use(requireUser)
  .use(noStore)
  .get('/', async (c) =>
    c.json<ApiKeyListResponse>({ keys: await listApiKeys(c.var.deps.database.db, c.var.session.user.id) }),
  )
  .post('/', jsonBody(createApiKeyRequestSchema), async (c) => {
    const { database, limits } = c.var.deps
    const userId = c.var.session.user.id
    await hitRateLimit(
      database.db,
      `api-keys:${userId}`,
      limitsFor(KEY_LIMITS, limits, 'public-api').writes,
      'Too many API key changes: wait a minute.',
    )
    return c.json(await createApiKey(database.db, userId, c.req.valid('json').name), 201)
  })
  .delete('/:id', paramsOf(apiKeyParamsSchema), async (c) => {
    const { database, limits } = c.var.deps
    const userId = c.var.session.user.id
    await hitRateLimit(
      database.db,
      `api-keys:${userId}`,
      limitsFor(KEY_LIMITS, limits, 'public-api').writes,
      'Too many API key changes: wait a minute.',
    )
    const revoked = await revokeApiKey(database.db, userId, c.req.valid('param').id)
    apiStateOf(c.var.deps).keys.clear() // this instance stops taking it at once; others within 30 s
    return c.json(revoked)
  })
