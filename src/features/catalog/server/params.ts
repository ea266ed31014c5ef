import { createMiddleware } from 'hono/factory'
import { ITEM_ID_PATTERN } from '@/features/catalog/rules'
import type { AppDeps, AppEnv } from '@/platform/server/context'
import { AppError } from '@/platform/server/lib/errors'
import { type GameId, isGameId } from '@/shared/games'
import type { CatalogDeps } from './service'

export type GameEnv = AppEnv & { Variables: { gameId: GameId } }

/** The catalog's part of the app's dependencies. */
export const catalogOf = (deps: AppDeps): CatalogDeps => ({ db: deps.database.db, cache: deps.cache })

/**
 * Routes with `:game` (and `:item`): an unknown game or a malformed item id is a 404, like a missing
 * page; after it, `c.var.gameId` is the game. Whether the item exists is the service's question.
 */
export const withGame = createMiddleware<GameEnv>(async (c, next) => {
  const game = c.req.param('game') ?? ''
  if (!isGameId(game)) throw new AppError('NOT_FOUND', `Unknown game "${game.slice(0, 60)}"`)
  const item = c.req.param('item')
  if (item !== undefined && !ITEM_ID_PATTERN.test(item)) throw new AppError('NOT_FOUND', 'Item not found')
  c.set('gameId', game)
  await next()
})
