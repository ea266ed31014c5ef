import { type Context, Hono } from 'hono'
import { catalogOf, type GameEnv, withGame } from '@/features/catalog/server/public'
import { favoriteCountsQuerySchema } from '@/features/favorites/contract'
import { requireUser, type UserEnv, withSession } from '@/platform/server/auth/session'
import { queryParams } from '@/platform/server/lib/validate'
import { addFavorite, getFavoriteCounts, removeFavorite } from './service'

/** PUT / DELETE: the signed-in user's heart on one item. */
async function toggle(c: Context<UserEnv & GameEnv>, change: typeof addFavorite) {
  const { deps, session, gameId } = c.var
  return c.json(await change(catalogOf(deps), session.user.id, gameId, c.req.param('item') ?? ''))
}

/** /api/favorites: counts for a screen (public, with the user's own marks) and the toggle. */
export const favoriteRoutes = new Hono<GameEnv>()
  .get('/:game', withGame, withSession, queryParams(favoriteCountsQuerySchema), async (c) => {
    const { ids } = c.req.valid('query')
    c.header('Cache-Control', 'private, no-store')
    return c.json(
      await getFavoriteCounts(c.var.deps.database.db, c.var.gameId, ids, c.var.session?.user.id ?? null),
    )
  })
  .put('/:game/:item', withGame, requireUser, (c) => toggle(c, addFavorite))
  .delete('/:game/:item', withGame, requireUser, (c) => toggle(c, removeFavorite))
