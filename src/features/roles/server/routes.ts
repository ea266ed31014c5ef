import { Hono } from 'hono'
import { grantRoleRequestSchema, roleParamsSchema } from '@/features/roles/contract'
import { actorOf, type PermittedEnv, requireAdmin } from '@/platform/server/auth/session'
import type { AppDeps } from '@/platform/server/context'
import { noStore } from '@/platform/server/lib/read-cache'
import { jsonBody, paramsOf } from '@/platform/server/lib/validate'
import { grantRole, listGrants, type RolesContext, revokeRole } from './service'

const context = ({ env, database, cache }: AppDeps): RolesContext => ({ env, db: database.db, cache })

/** /api/admin/roles: admins and stock managers (admins only). */
export const roleRoutes = new Hono<PermittedEnv>()
  .use(requireAdmin)
  .use(noStore)
  .get('/', async (c) => c.json(await listGrants(context(c.var.deps))))
  .post('/', jsonBody(grantRoleRequestSchema), async (c) => {
    return c.json(await grantRole(context(c.var.deps), actorOf(c), c.req.valid('json')), 201)
  })
  .delete('/:role/:userId', paramsOf(roleParamsSchema), async (c) => {
    const { role, userId } = c.req.valid('param')
    await revokeRole(context(c.var.deps), actorOf(c), role, userId)
    return c.body(null, 204)
  })
