import type { Context } from 'hono'
import { Hono } from 'hono'
import {
  DISPUTE_MESSAGES,
  type Dispute,
  type DisputeMessage,
  type DisputeQueueResponse,
  disputeIdParamSchema,
  disputeMessageRequestSchema,
  disputesQuerySchema,
  evidenceParamSchema,
  type MyDisputesResponse,
  openDisputeRequestSchema,
  resolveDisputeRequestSchema,
} from '@/features/disputes/contract'
import { tradeIdParamSchema } from '@/features/trading/contract'
import { permissionsOf } from '@/platform/server/auth/roles'
import {
  actorOf,
  type PermittedEnv,
  requireModerator,
  requireUser,
  type UserEnv,
} from '@/platform/server/auth/session'
import { type AppDeps, clockOf } from '@/platform/server/context'
import { limitsFor } from '@/platform/server/lib/rate-limit'
import { noStore } from '@/platform/server/lib/read-cache'
import { jsonBody, paramsOf, queryParams, uploadedFile } from '@/platform/server/lib/validate'
import {
  addEvidence,
  DISPUTE_RATE_LIMITS,
  type DisputeDeps,
  disputeQueue,
  evidenceFile,
  getDispute,
  myDisputes,
  openDispute,
  postMessage,
  type Reader,
  resolveDispute,
} from './service'

const disputeDeps = (deps: AppDeps): DisputeDeps => ({
  env: deps.env,
  db: deps.database.db,
  now: clockOf(deps),
  limits: limitsFor(DISPUTE_RATE_LIMITS, deps.limits, 'disputes'),
})

/** The signed-in reader, and whether they moderate (read on this request, as requireModerator does). */
async function readerOf(c: Context<UserEnv>): Promise<Reader> {
  const { env, database } = c.var.deps
  const user = c.var.session.user
  return { id: user.id, isModerator: (await permissionsOf(env, database.db, user)).isModerator }
}

/** /api/trade-offers/:id/dispute: one of the two traders opens a dispute on the trade. */
export const openRoutes = new Hono<UserEnv>().post(
  '/:id/dispute',
  requireUser,
  paramsOf(tradeIdParamSchema),
  jsonBody(openDisputeRequestSchema),
  async (c) => {
    const id = await openDispute(
      disputeDeps(c.var.deps),
      c.var.session.user.id,
      c.req.valid('param').id,
      c.req.valid('json'),
    )
    return c.json({ id }, 201)
  },
)

/** /api/disputes: my disputes; one dispute, its messages, its evidence. */
export const disputeRoutes = new Hono<UserEnv>()
  .use(requireUser)
  .use(noStore)
  .get('/', async (c) =>
    c.json<MyDisputesResponse>(await myDisputes(c.var.deps.database.db, c.var.session.user.id)),
  )
  .get('/:id', paramsOf(disputeIdParamSchema), async (c) =>
    c.json<Dispute>(await getDispute(c.var.deps.database.db, c.req.valid('param').id, await readerOf(c))),
  )
  .post('/:id/messages', paramsOf(disputeIdParamSchema), jsonBody(disputeMessageRequestSchema), async (c) => {
    const message = await postMessage(
      disputeDeps(c.var.deps),
      await readerOf(c),
      c.req.valid('param').id,
      c.req.valid('json').body,
    )
    return c.json<DisputeMessage>(message, 201)
  })
  .post('/:id/evidence', paramsOf(disputeIdParamSchema), async (c) => {
    const bytes = await uploadedFile(c, 'evidence', { noun: 'image', choose: DISPUTE_MESSAGES.chooseImage })
    const added = await addEvidence(
      disputeDeps(c.var.deps),
      await readerOf(c),
      c.req.valid('param').id,
      bytes,
    )
    return c.json(added, 201)
  })
  .get('/:id/evidence/:evidenceId', paramsOf(evidenceParamSchema), async (c) => {
    const { id, evidenceId } = c.req.valid('param')
    const bytes = await evidenceFile(disputeDeps(c.var.deps), await readerOf(c), id, evidenceId)
    // Private: only those who may read the dispute see it; never kept by a shared cache.
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/webp',
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    })
  })

/** /api/admin/disputes: the moderators' queue and their decision (moderators and admins). */
export const moderationRoutes = new Hono<PermittedEnv>()
  .use(requireModerator)
  .use(noStore)
  .get('/', queryParams(disputesQuerySchema), async (c) =>
    c.json<DisputeQueueResponse>(await disputeQueue(c.var.deps.database.db, c.req.valid('query').page)),
  )
  .post('/:id/resolve', paramsOf(disputeIdParamSchema), jsonBody(resolveDisputeRequestSchema), async (c) => {
    const id = c.req.valid('param').id
    const deps = disputeDeps(c.var.deps)
    await resolveDispute(deps, actorOf(c), id, c.req.valid('json'))
    return c.json<Dispute>(await getDispute(deps.db, id, { id: c.var.session.user.id, isModerator: true }))
  })
