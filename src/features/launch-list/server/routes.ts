import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  subscribeRequestSchema,
  subscriberListQuerySchema,
  tokenRequestSchema,
} from '@/features/launch-list/contract'
import { requireAdmin } from '@/platform/server/auth/session'
import type { AppDeps, AppEnv } from '@/platform/server/context'
import { callHook } from '@/platform/server/hooks'
import { clientIp } from '@/platform/server/lib/client-ip'
import { limitsFor } from '@/platform/server/lib/rate-limit'
import { jsonBody, queryParams } from '@/platform/server/lib/validate'
import { subscriberVerified } from './hooks'
import {
  DEFAULT_LAUNCH_LIST_LIMITS,
  exportSubscribersCsv,
  type LaunchListContext,
  listSubscribers,
  resend,
  subscribe,
  unsubscribe,
  verify,
} from './service'

function context({ database, env, secret, limits }: AppDeps): LaunchListContext {
  return {
    db: database.db,
    publicUrl: env.PUBLIC_URL,
    secret,
    limits: limitsFor(DEFAULT_LAUNCH_LIST_LIMITS, limits, 'launch-list'),
  }
}

/** The service's context and the client address, for every handler below. */
const launchList = createMiddleware<AppEnv & { Variables: { ctx: LaunchListContext; ip: string } }>(
  async (c, next) => {
    c.set('ctx', context(c.var.deps))
    c.set('ip', clientIp(c, c.var.deps.env.TRUST_PROXY))
    await next()
  },
)

export const launchListRoutes = new Hono<AppEnv>()
  .use(launchList)
  .post('/subscribe', jsonBody(subscribeRequestSchema), async (c) =>
    c.json(await subscribe(c.var.ctx, c.req.valid('json').email, c.var.ip)),
  )
  .post('/resend', jsonBody(subscribeRequestSchema), async (c) =>
    c.json(await resend(c.var.ctx, c.req.valid('json').email, c.var.ip)),
  )
  .post('/verify', jsonBody(tokenRequestSchema), async (c) => {
    const verified = await verify(c.var.ctx, c.req.valid('json').token, c.var.ip)
    const { database, cache } = c.var.deps
    await callHook(subscriberVerified, { db: database.db, cache }, [verified.email])
    return c.json(verified)
  })
  .post('/unsubscribe', jsonBody(tokenRequestSchema), async (c) =>
    c.json(await unsubscribe(c.var.ctx, c.req.valid('json').token, c.var.ip)),
  )
  // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` to the List-Unsubscribe address.
  .post('/one-click-unsubscribe', queryParams(tokenRequestSchema), async (c) => {
    await unsubscribe(c.var.ctx, c.req.valid('query').token, c.var.ip)
    return c.text('Unsubscribed.')
  })
  // A GET (a person opening the address) must not unsubscribe by itself: show the page instead.
  .get('/one-click-unsubscribe', queryParams(tokenRequestSchema), (c) =>
    c.redirect(`/unsubscribe?token=${encodeURIComponent(c.req.valid('query').token)}`, 303),
  )

/** /api/admin/launch-list: the early-access list for admins (counts, a page of sign-ups, the CSV). */
export const launchListAdminRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', queryParams(subscriberListQuerySchema), async (c) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json(await listSubscribers(c.var.deps.database.db, c.req.valid('query')))
  })
  .get('/export.csv', async (c) =>
    c.body(await exportSubscribersCsv(c.var.deps.database.db), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="launch-list.csv"',
      'Cache-Control': 'private, no-store',
    }),
  )
