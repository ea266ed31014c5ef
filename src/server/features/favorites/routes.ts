import { type Context, Hono } from 'hono'
import type { AppEnv } from '@/server/app'
import { requireUser, type UserEnv, withSession } from '@/server/auth/session'
import { AppError } from '@/server/lib/errors'
import { queryParams } from '@/server/lib/validate'
import { ITEM_ID_PATTERN } from '@/shared/catalog-rules'
import { favoriteCountsQuerySchema } from '@/shared/favorites'
import { type GameId, isGameId } from '@/shared/games'
import { addFavorite, getFavoriteCounts, removeFavorite } from './service'

function gameParam(game: string | undefined): GameId {
  if (!game || !isGameId(game)) throw new AppError('NOT_FOUND', `Unknown game "${(game ?? '').slice(0, 60)}"`)
  return game
}

function itemParam(item: string | undefined): string {
  if (!item || !ITEM_ID_PATTERN.test(item)) throw new AppError('NOT_FOUND', 'Item not found')
  return item
}

type Toggle = typeof addFavorite

const catalogOf = (c: Context<UserEnv>) => ({ db: c.var.deps.database.db, cache: c.var.deps.cache })

/** PUT / DELETE: the signed-in user's heart on one item. */
async function toggle(c: Context<UserEnv>, change: Toggle) {
  const { game, item } = c.req.param() as { game?: string; item?: string }
  return c.json(await change(catalogOf(c), c.var.session.user.id, gameParam(game), itemParam(item)))
}

/** /api/favorites: counts for a screen (public, with the user's own marks) and the toggle. */
export const favoriteRoutes = new Hono<AppEnv>()
  .get('/:game', withSession, queryParams(favoriteCountsQuerySchema), async (c) => {
    const gameId = gameParam(c.req.param('game'))
    const { ids } = c.req.valid('query')
    c.header('Cache-Control', 'private, no-store')
    return c.json(
      await getFavoriteCounts(c.var.deps.database.db, gameId, ids, c.var.session?.user.id ?? null),
    )
  })
  .put('/:game/:item', requireUser, (c) => toggle(c, addFavorite))
  .delete('/:game/:item', requireUser, (c) => toggle(c, removeFavorite))
