import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import { ITEM_ID_PATTERN } from '@/features/catalog/rules'
import {
  createTokenRequestSchema,
  newStockItemRequestSchema,
  STOCK_LIMITS,
  STOCK_MESSAGES,
  shopSettingsRequestSchema,
  stockHistoryQuerySchema,
  tokenParamsSchema,
} from '@/features/stock/contract'
import { actorOf, type PermittedEnv, requireStockManager } from '@/platform/server/auth/session'
import type { AppDeps, AppEnv } from '@/platform/server/context'
import { callHook } from '@/platform/server/hooks'
import { addressGroup, clientIp } from '@/platform/server/lib/client-ip'
import { AppError } from '@/platform/server/lib/errors'
import { streamTopics } from '@/platform/server/lib/live'
import { limitsFor } from '@/platform/server/lib/rate-limit'
import { sendCachedJson } from '@/platform/server/lib/read-cache'
import { jsonBody, paramsOf, queryParams } from '@/platform/server/lib/validate'
import { isStockGame, type StockGameId } from '@/shared/games'
import { feedUnknownItems } from './feed'
import { managerReported } from './hooks'
import { addStockItem } from './items'
import { followStock, stockLiveOf } from './live'
import { itemStats, reportHistory } from './report-reads'
import { postReportBody } from './report-writes'
import { type Reporter, reporterName, type StockDeps } from './reports'
import { shopSettingsOf, updateShopSettings } from './shops'
import { authenticateBot, createIngestToken, listTokens, revokeIngestToken } from './tokens'

type StockEnv = AppEnv & { Variables: { game: StockGameId } }
type ReportEnv = AppEnv & { Variables: { game: StockGameId; reporter: Reporter } }

const LIMITS = {
  reportsPerToken: { max: STOCK_LIMITS.reportsPerTokenPerMinute, windowSeconds: 60 },
  failedTokensPerAddress: {
    max: STOCK_LIMITS.failedTokenAttemptsPerAddress,
    windowSeconds: STOCK_LIMITS.failedTokenWindowSeconds,
  },
}

/** `:game` must be a game with a stock tracker: 404 for a read, 400 naming it for a report. */
const withStockGame = (status: 'NOT_FOUND' | 'VALIDATION_FAILED' = 'NOT_FOUND') =>
  createMiddleware<StockEnv>(async (c, next) => {
    const game = c.req.param('game') ?? ''
    if (!isStockGame(game)) throw new AppError(status, `${STOCK_MESSAGES.noTracker}: "${game.slice(0, 60)}"`)
    c.set('game', game)
    await next()
  })

export const stockDepsOf = (deps: AppDeps): StockDeps => {
  const live = stockLiveOf(deps)
  return { db: deps.database.db, cache: deps.cache, announce: (game) => live.announce(game) }
}

const manager = requireStockManager({ param: 'game' })
const gameOf = (c: Context<PermittedEnv>) => c.req.param('game') as StockGameId

/** Admins only, for a game with stock (shop clocks are the site's, not one manager's). */
const adminOnly: MiddlewareHandler<PermittedEnv> = async (c, next) => {
  if (!c.var.permissions.isAdmin) throw new AppError('FORBIDDEN', 'Only admins can change a shop.')
  await next()
}

/** How the pages name a stock manager who reports by session. */
const reporterOf = async (c: Context<PermittedEnv>): Promise<Reporter> => {
  const actor = actorOf(c)
  const name = await reporterName(c.var.deps.database.db, actor)
  return { kind: 'manager', userId: actor.id, email: actor.email, ip: actor.ip, name }
}

/**
 * Who posts a report, checked before its body is read: a bot by `Authorization: Bearer <ingest token>`
 * (refused tokens are limited per address), else a stock manager of the game by session (a visitor 401,
 * another user 403).
 */
const withReporter = createMiddleware<ReportEnv>(async (c, next) => {
  const authorization = c.req.header('authorization')
  if (authorization !== undefined) {
    const { env, database, limits } = c.var.deps
    const address = addressGroup(clientIp(c, env.TRUST_PROXY))
    const botLimits = limitsFor(LIMITS, limits, 'stock')
    const bot = await authenticateBot(env, database.db, c.var.game, authorization, address, botLimits)
    c.set('reporter', { kind: 'bot', tokenId: bot.id, name: bot.name })
    return next()
  }
  // requireStockManager answers 401 or 403 itself.
  const permitted = c as unknown as Context<PermittedEnv>
  await manager(permitted, async () => {
    c.set('reporter', await reporterOf(permitted))
    await next()
  })
})

const reportBodySchema = z.looseObject({})

/** The live stock, its history and per-item facts (public), and reports from managers and bots. */
const publicRoutes = new Hono<StockEnv>()
  .get('/:game', withStockGame(), async (c) => {
    const snapshot = await stockLiveOf(c.var.deps).current(c.var.game)
    return sendCachedJson(c, snapshot, 'public, no-cache')
  })
  .get('/:game/stream', withStockGame(), (c) => streamTopics(c, [followStock(c.var.deps, c.var.game)]))
  .get('/:game/history', withStockGame(), queryParams(stockHistoryQuerySchema), async (c) => {
    c.header('Cache-Control', 'public, max-age=5')
    return c.json(await reportHistory(stockDepsOf(c.var.deps), c.var.game, c.req.valid('query')))
  })
  .get('/:game/items/:item', withStockGame(), async (c) => {
    const item = c.req.param('item')
    if (!ITEM_ID_PATTERN.test(item)) throw new AppError('NOT_FOUND', 'Item not found')
    c.header('Cache-Control', 'public, max-age=15')
    return c.json(await itemStats(stockDepsOf(c.var.deps), c.var.game, item))
  })
  .post(
    '/:game/reports',
    withStockGame('VALIDATION_FAILED'),
    withReporter,
    jsonBody(reportBodySchema),
    async (c) => {
      const deps = stockDepsOf(c.var.deps)
      const { created, answer } = await postReportBody(deps, c.var.game, c.req.valid('json'), c.var.reporter)
      if (created && c.var.reporter.kind === 'manager')
        await callHook(managerReported, deps, [c.var.reporter.userId])
      return c.json(answer, created ? 201 : 200)
    },
  )

/**
 * What stock managers of the game run: ingest tokens, shops (clocks: admins), catalog additions, and the
 * game feed's items the catalog lacks.
 */
const managerRoutes = new Hono<PermittedEnv>()
  .get('/:game/tokens', manager, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    const { env, database } = c.var.deps
    return c.json({ tokens: await listTokens(env, database.db, gameOf(c)) })
  })
  .post('/:game/tokens', manager, jsonBody(createTokenRequestSchema), async (c) => {
    c.header('Cache-Control', 'private, no-store')
    const token = await createIngestToken(
      c.var.deps.database.db,
      actorOf(c),
      gameOf(c),
      c.req.valid('json').name,
    )
    return c.json(token, 201)
  })
  .delete('/:game/tokens/:id', manager, paramsOf(tokenParamsSchema), async (c) => {
    await revokeIngestToken(c.var.deps.database.db, actorOf(c), gameOf(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
  .get('/:game/shops', manager, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json({ shops: await shopSettingsOf(stockDepsOf(c.var.deps), gameOf(c)) })
  })
  .patch('/:game/shops/:shop', manager, adminOnly, jsonBody(shopSettingsRequestSchema), async (c) => {
    const deps = stockDepsOf(c.var.deps)
    const game = gameOf(c)
    const shop = await updateShopSettings(deps, actorOf(c), game, c.req.param('shop'), c.req.valid('json'))
    await deps.announce(game)
    return c.json(shop)
  })
  .get('/:game/feed-unknown', manager, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    const { env } = c.var.deps
    const configured = Boolean(env.GROW_A_GARDEN_STOCK_FEED_URL)
    return c.json(await feedUnknownItems(stockDepsOf(c.var.deps), gameOf(c), configured))
  })
  .post('/:game/items', manager, jsonBody(newStockItemRequestSchema), async (c) => {
    const added = await addStockItem(stockDepsOf(c.var.deps), actorOf(c), gameOf(c), c.req.valid('json'))
    return c.json(added, 201)
  })

/** /api/stock/:game… */
export const stockRoutes = new Hono<AppEnv>().route('/', publicRoutes).route('/', managerRoutes)
