import { Hono } from 'hono'
import {
  auditQuerySchema,
  mailIdParamSchema,
  mailQuerySchema,
  suspendRequestSchema,
  userIdParamSchema,
  userSearchQuerySchema,
} from '@/features/admin/contract'
import { actorOf, type PermittedEnv, requireAdmin } from '@/platform/server/auth/session'
import type { AppDeps } from '@/platform/server/context'
import { noStore } from '@/platform/server/lib/read-cache'
import { jsonBody, paramsOf, queryParams } from '@/platform/server/lib/validate'
import {
  type AdminContext,
  getOverview,
  getUser,
  listAudit,
  listMail,
  restoreUser,
  retryMail,
  searchUsers,
  signOutEverywhere,
  suspendUser,
} from './service'

const context = ({ env, database, cache }: AppDeps): AdminContext => ({ env, db: database.db, cache })

/** Admins only, and never cached: what the admin tools answer is about people. */
const adminOnly = () => new Hono<PermittedEnv>().use(requireAdmin).use(noStore)

/** /api/admin/overview */
export const overviewRoutes = adminOnly().get('/', async (c) =>
  c.json(await getOverview(context(c.var.deps), c.var.permissions)),
)

/** /api/admin/users: search, one user, suspend, restore, sign out everywhere. */
export const userRoutes = adminOnly()
  .get('/', queryParams(userSearchQuerySchema), async (c) => {
    const { q, page } = c.req.valid('query')
    return c.json(await searchUsers(context(c.var.deps), q, page))
  })
  .get('/:userId', paramsOf(userIdParamSchema), async (c) =>
    c.json(await getUser(context(c.var.deps), c.req.valid('param').userId)),
  )
  .post('/:userId/suspend', paramsOf(userIdParamSchema), jsonBody(suspendRequestSchema), async (c) =>
    c.json(
      await suspendUser(
        context(c.var.deps),
        actorOf(c),
        c.req.valid('param').userId,
        c.req.valid('json').reason,
      ),
    ),
  )
  .post('/:userId/restore', paramsOf(userIdParamSchema), async (c) =>
    c.json(await restoreUser(context(c.var.deps), actorOf(c), c.req.valid('param').userId)),
  )
  .post('/:userId/sign-out', paramsOf(userIdParamSchema), async (c) =>
    c.json(await signOutEverywhere(context(c.var.deps), actorOf(c), c.req.valid('param').userId)),
  )

/** /api/admin/mail: the outbox by status; retry one failed mail. */
export const mailRoutes = adminOnly()
  .get('/', queryParams(mailQuerySchema), async (c) =>
    c.json(await listMail(context(c.var.deps), c.req.valid('query'))),
  )
  .post('/:id/retry', paramsOf(mailIdParamSchema), async (c) =>
    c.json(await retryMail(context(c.var.deps), actorOf(c), c.req.valid('param').id)),
  )

/** /api/admin/audit: the audit log, read-only (there is no route that changes it). */
export const auditRoutes = adminOnly().get('/', queryParams(auditQuerySchema), async (c) =>
  c.json(await listAudit(context(c.var.deps), c.req.valid('query'))),
)
