import { Hono } from 'hono'
import { type AlertSettings, alertSettingsRequestSchema } from '@/features/alerts/contract'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import { hitRateLimit, limitsFor } from '@/platform/server/lib/rate-limit'
import { jsonBody } from '@/platform/server/lib/validate'
import { getSettings, testDiscord, updateSettings } from './settings'

/** Limits of the alerts feature (tests change them with createTestApp's `limits.alerts`). */
export const ALERT_RATE_LIMITS = { testDiscord: { max: 5, windowSeconds: 60 } }

/** /api/alert-settings: how the signed-in user's alerts are delivered. */
export const settingsRoutes = new Hono<UserEnv>()
  .get('/', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json<AlertSettings>(await getSettings(c.var.deps.database.db, c.var.session.user))
  })
  .put('/', requireUser, jsonBody(alertSettingsRequestSchema), async (c) => {
    const { deps, session } = c.var
    const request = c.req.valid('json')
    return c.json<AlertSettings>(
      await updateSettings(deps.database.db, session.user, request, deps.env.ALERT_WEBHOOK_TEST_ORIGINS),
    )
  })
  .post('/test-discord', requireUser, async (c) => {
    const { deps, session } = c.var
    const limit = limitsFor(ALERT_RATE_LIMITS, deps.limits, 'alerts').testDiscord
    const answer = await testDiscord(deps.database, session.user.id, {
      testOrigins: deps.env.ALERT_WEBHOOK_TEST_ORIGINS,
      beforePost: () =>
        hitRateLimit(
          deps.database.db,
          `alerts:test-discord:${session.user.id}`,
          limit,
          'Too many test messages. Try again in a minute.',
        ),
    })
    return c.json(answer)
  })
