import { Hono } from 'hono'
import type { AppEnv } from '@/server/app'
import { sendCachedJson } from '@/server/lib/read-cache'
import { pathParams } from '@/server/lib/validate'
import { itemParamsSchema } from '@/shared/catalog'
import { findItem, listGames } from './service'

export const catalogRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { cache, database } = c.var.deps
    return sendCachedJson(
      c,
      await cache.get('catalog:games', async () => ({ games: await listGames(database.db) })),
    )
  })
  .get('/:game/items/:item', pathParams(itemParamsSchema), async (c) => {
    const { cache, database } = c.var.deps
    const { game, item } = c.req.valid('param')
    return sendCachedJson(
      c,
      await cache.get(`catalog:item:${game}:${item}`, () => findItem(database.db, game, item)),
    )
  })
