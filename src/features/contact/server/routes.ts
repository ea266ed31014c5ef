import { Hono } from 'hono'
import {
  contactIdParamSchema,
  contactListQuerySchema,
  contactRequestSchema,
  contactStatusRequestSchema,
} from '@/features/contact/contract'
import { actorOf, type PermittedEnv, requireAdmin } from '@/platform/server/auth/session'
import type { AppDeps, AppEnv } from '@/platform/server/context'
import { clientIp } from '@/platform/server/lib/client-ip'
import { limitsFor } from '@/platform/server/lib/rate-limit'
import { noStore } from '@/platform/server/lib/read-cache'
import { jsonBody, paramsOf, queryParams } from '@/platform/server/lib/validate'
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
