import { Hono } from 'hono'
import { type WatchlistResponse, type WatchResponse, watchRequestSchema } from '@/features/alerts/contract'
import { catalogOf, type GameEnv, withGame } from '@/features/catalog/server/public'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import { jsonBody } from '@/platform/server/lib/validate'
import { deleteWatch, listWatches, putWatch } from './watchlist'

type WatchEnv = GameEnv & UserEnv

/** /api/watchlist: the signed-in user's watched items. */
export const watchlistRoutes = new Hono<WatchEnv>()
  .get('/', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json<WatchlistResponse>(await listWatches(catalogOf(c.var.deps), c.var.session.user.id))
  })
  .put('/:game/:item', withGame, requireUser, jsonBody(watchRequestSchema), async (c) => {
    const { deps, session, gameId } = c.var
    const watch = await putWatch(
      catalogOf(deps),
      session.user.id,
      gameId,
      c.req.param('item'),
      c.req.valid('json'),
    )
    return c.json<WatchResponse>({ watch })
  })
  .delete('/:game/:item', withGame, requireUser, async (c) => {
    const { deps, session, gameId } = c.var
    await deleteWatch(catalogOf(deps), session.user.id, gameId, c.req.param('item'))
    return c.json<WatchResponse>({ watch: null })
  })
