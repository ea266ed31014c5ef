import { Hono } from 'hono'
import { actorOf, type PermittedEnv, requireAdmin } from '@/server/auth/session'
import type { AppDeps, AppEnv } from '@/server/context'
import { clientIp } from '@/server/lib/client-ip'
import { limitsFor } from '@/server/lib/rate-limit'
import { noStore } from '@/server/lib/read-cache'
import { jsonBody, paramsOf, queryParams } from '@/server/lib/validate'
import {
  contactIdParamSchema,
  contactListQuerySchema,
  contactRequestSchema,
  contactStatusRequestSchema,
} from '@/shared/contact'
import {
  type ContactContext,
  DEFAULT_CONTACT_LIMITS,
  listContactMessages,
  sendContactMessage,
  setContactStatus,
} from './service'

const context = ({ database, env, limits }: AppDeps): ContactContext => ({
  db: database.db,
  env,
  limits: limitsFor(DEFAULT_CONTACT_LIMITS, limits, 'contact'),
})

/** /api/contact: the form's one write, open to everyone and limited per client address. */
export const contactRoutes = new Hono<AppEnv>().post('/', jsonBody(contactRequestSchema), async (c) =>
  c.json(
    await sendContactMessage(
      context(c.var.deps),
      c.req.valid('json'),
      clientIp(c, c.var.deps.env.TRUST_PROXY),
    ),
  ),
)

/** /api/admin/contact-messages: the messages for admins, newest first; a message's status. */
export const contactAdminRoutes = new Hono<PermittedEnv>()
  .use(requireAdmin)
  .use(noStore)
  .get('/', queryParams(contactListQuerySchema), async (c) =>
    c.json(await listContactMessages(context(c.var.deps), c.req.valid('query'))),
  )
  .patch('/:id', paramsOf(contactIdParamSchema), jsonBody(contactStatusRequestSchema), async (c) =>
    c.json(
      await setContactStatus(
        context(c.var.deps),
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json').status,
      ),
    ),
  )
