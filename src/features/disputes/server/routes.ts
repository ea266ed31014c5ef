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
import { addEvidence, evidenceFile } from './evidence'
import {
  DISPUTE_RATE_LIMITS,
  type DisputeDeps,
  type DisputeReader,
  disputeQueue,
  getDispute,
  myDisputes,
  openDispute,
  postMessage,
  resolveDispute,
} from './service'

const disputeDeps = (deps: AppDeps): DisputeDeps => ({
  env: deps.env,
  db: deps.database.db,
  cache: deps.cache,
  now: clockOf(deps),
  limits: limitsFor(DISPUTE_RATE_LIMITS, deps.limits, 'disputes'),
})

/** The signed-in reader, and whether they moderate (read on this request, as requireModerator does). */
async function readerOf(c: Context<UserEnv>): Promise<DisputeReader> {
  const { env, database } = c.var.deps
  const user = c.var.session.user
  const { isModerator, isAdmin } = await permissionsOf(env, database.db, user)
  return { id: user.id, isModerator, isAdmin }
}

/** The moderator or admin of this request (after requireModerator). */
const moderatorOf = (c: Context<PermittedEnv>): DisputeReader => ({
  id: c.var.session.user.id,
  isModerator: true,
  isAdmin: c.var.permissions.isAdmin,
})

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
    c.json<Dispute>(await getDispute(disputeDeps(c.var.deps), c.req.valid('param').id, await readerOf(c))),
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
    // Cache-Control is the router's `noStore` (private, no-store), as for the rest of the dispute: who may
    // read it is decided on each request and can change (a middleman taken off the job), and a copy a
    // browser kept would outlive that, also for the next person at a shared computer (decision 037).
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/webp',
      'X-Content-Type-Options': 'nosniff',
    })
  })

/** /api/admin/disputes: the moderators' queue and their decision (moderators and admins). */
export const moderationRoutes = new Hono<PermittedEnv>()
  .use(requireModerator)
  .use(noStore)
  .get('/', queryParams(disputesQuerySchema), async (c) =>
    c.json<DisputeQueueResponse>(
      await disputeQueue(disputeDeps(c.var.deps), moderatorOf(c), c.req.valid('query').page),
    ),
  )
  .post('/:id/resolve', paramsOf(disputeIdParamSchema), jsonBody(resolveDisputeRequestSchema), async (c) => {
    const id = c.req.valid('param').id
    const deps = disputeDeps(c.var.deps)
    await resolveDispute(deps, { ...actorOf(c), isAdmin: c.var.permissions.isAdmin }, id, c.req.valid('json'))
    return c.json<Dispute>(await getDispute(deps, id, moderatorOf(c)))
  })
