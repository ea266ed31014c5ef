import { Hono } from 'hono'
import { type GameEnv, withGame } from '@/features/catalog/server/public'
import {
  listsUsernameParamSchema,
  matchesQuerySchema,
  type PublicTradeListsResponse,
  type TradeListsResponse,
  type TradeMatchesResponse,
  tradeListsRequestSchema,
} from '@/features/trade-lists/contract'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import { type AppDeps, type AppEnv, clockOf } from '@/platform/server/context'
import { noStore } from '@/platform/server/lib/read-cache'
import { jsonBody, paramsOf, queryParams } from '@/platform/server/lib/validate'
import { findMatches, getLists, publicLists, putLists, type TradeListsDeps } from './service'

const listsOf = (deps: AppDeps): TradeListsDeps => ({
  db: deps.database.db,
  cache: deps.cache,
  now: clockOf(deps),
})

type Env = UserEnv & GameEnv

/** /api/me/lists/:game: the signed-in trader's have/want lists of a game, to read and to replace. */
export const myListsRoutes = new Hono<Env>()
  .use(requireUser)
  .use(noStore)
  .get('/:game', withGame, async (c) =>
    c.json<TradeListsResponse>(await getLists(c.var.deps.database.db, c.var.session.user.id, c.var.gameId)),
  )
  .put('/:game', withGame, jsonBody(tradeListsRequestSchema), async (c) => {
    const { deps, session, gameId } = c.var
    return c.json<TradeListsResponse>(
      await putLists(listsOf(deps), session.user.id, gameId, c.req.valid('json')),
    )
  })

/** /api/me/matches?game=: the open ads that match the signed-in trader's lists, best first. */
export const myMatchesRoutes = new Hono<UserEnv>()
  .use(requireUser)
  .use(noStore)
  .get('/', queryParams(matchesQuerySchema), async (c) => {
    const { deps, session } = c.var
    return c.json<TradeMatchesResponse>(
      await findMatches(listsOf(deps), session.user.id, c.req.valid('query').game),
    )
  })

/** /api/users/:username/lists: the lists a trader made public (their profile shows them). */
export const publicListsRoutes = new Hono<AppEnv>().get(
  '/:username/lists',
  paramsOf(listsUsernameParamSchema),
  async (c) => {
    const answer = await publicLists(listsOf(c.var.deps), c.req.valid('param').username)
    c.header('Cache-Control', 'no-cache')
    return c.json<PublicTradeListsResponse>(answer)
  },
)
