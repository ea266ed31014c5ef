import { Hono } from 'hono'
import {
  closeJobRequestSchema,
  type MiddlemanRequest,
  middlemanCheckQuerySchema,
  middlemanProfileRequestSchema,
  middlemanRequestIdSchema,
  rateJobRequestSchema,
} from '@/features/middlemen/contract'
import { tradeIdParamSchema } from '@/features/trading/contract'
import {
  actorOf,
  type PermittedEnv,
  requireMiddleman,
  requireUser,
  type UserEnv,
} from '@/platform/server/auth/session'
import { type AppDeps, type AppEnv, clockOf } from '@/platform/server/context'
import { callHook } from '@/platform/server/hooks'
import { limitsFor } from '@/platform/server/lib/rate-limit'
import { noStore, sendCachedJson, toCachedJson } from '@/platform/server/lib/read-cache'
import { jsonBody, paramsOf, queryParams } from '@/platform/server/lib/validate'
import { middlemanJobDone } from './hooks'
import {
  cancelRequest,
  checkMiddleman,
  claimRequest,
  closeJob,
  listMiddlemen,
  MIDDLEMAN_RATE_LIMITS,
  type MiddlemenDeps,
  middlemanQueue,
  offerMiddleman,
  rateJob,
  requestMiddleman,
  setMiddlemanGames,
} from './service'

const middlemenOf = (deps: AppDeps): MiddlemenDeps => ({
  db: deps.database.db,
  now: clockOf(deps),
  limits: limitsFor(MIDDLEMAN_RATE_LIMITS, deps.limits, 'middlemen'),
})

/**
 * /api/middlemen: the official middlemen and the check, public. Not kept in the read cache: the list
 * follows roles, verifications and ratings, and is a single query over a few staff; browsers revalidate
 * by ETag.
 */
export const middlemenRoutes = new Hono<AppEnv>()
  .get('/', async (c) =>
    sendCachedJson(c, toCachedJson(await listMiddlemen(c.var.deps.database.db)), 'public, no-cache'),
  )
  .get('/check', queryParams(middlemanCheckQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.json(await checkMiddleman(c.var.deps.database.db, c.req.valid('query').name))
  })

/** /api/trade-offers/:id/middleman: the traders of an accepted offer ask for a middleman, see, withdraw. */
export const offerMiddlemanRoutes = new Hono<UserEnv>()
  .use('/:id/middleman', requireUser, noStore)
  .get('/:id/middleman', paramsOf(tradeIdParamSchema), async (c) =>
    c.json(await offerMiddleman(c.var.deps.database.db, c.var.session.user.id, c.req.valid('param').id)),
  )
  .post('/:id/middleman', paramsOf(tradeIdParamSchema), async (c) => {
    const request = await requestMiddleman(
      middlemenOf(c.var.deps),
      c.var.session.user.id,
      c.req.valid('param').id,
    )
    return c.json<MiddlemanRequest>(request, 201)
  })
  .delete('/:id/middleman', paramsOf(tradeIdParamSchema), async (c) => {
    await cancelRequest(middlemenOf(c.var.deps), c.var.session.user.id, c.req.valid('param').id)
    return c.body(null, 204)
  })

/** /api/middleman: the middlemen's queue, claims, closes and games; the traders' ratings of a job. */
export const middlemanRoutes = new Hono<PermittedEnv>()
  .use(noStore)
  .post(
    '/requests/:id/rating',
    requireUser,
    paramsOf(middlemanRequestIdSchema),
    jsonBody(rateJobRequestSchema),
    async (c) => {
      await rateJob(
        middlemenOf(c.var.deps),
        c.var.session.user.id,
        c.req.valid('param').id,
        c.req.valid('json'),
      )
      return c.body(null, 201)
    },
  )
  .get('/requests', requireMiddleman, async (c) =>
    c.json(
      await middlemanQueue({ db: c.var.deps.database.db, cache: c.var.deps.cache }, c.var.session.user.id),
    ),
  )
  .post('/requests/:id/claim', requireMiddleman, paramsOf(middlemanRequestIdSchema), async (c) =>
    c.json(await claimRequest(middlemenOf(c.var.deps), actorOf(c), c.req.valid('param').id)),
  )
  .post(
    '/requests/:id/close',
    requireMiddleman,
    paramsOf(middlemanRequestIdSchema),
    jsonBody(closeJobRequestSchema),
    async (c) => {
      const { deps } = c.var
      const job = await closeJob(middlemenOf(deps), actorOf(c), c.req.valid('param').id, c.req.valid('json'))
      if (job.status === 'done')
        await callHook(middlemanJobDone, { db: deps.database.db, cache: deps.cache }, [c.var.session.user.id])
      return c.json(job)
    },
  )
  .put('/profile', requireMiddleman, jsonBody(middlemanProfileRequestSchema), async (c) => {
    await setMiddlemanGames(middlemenOf(c.var.deps), c.var.session.user.id, c.req.valid('json').games)
    return c.body(null, 204)
  })
