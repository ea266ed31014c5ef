import { Hono } from 'hono'
import { liveQuerySchema } from '@/features/live/contract'
import { followNotifications } from '@/features/notifications/server/public'
import { followStock } from '@/features/stock/server/public'
import { type SessionEnv, withSession } from '@/platform/server/auth/session'
import { AppError } from '@/platform/server/lib/errors'
import { streamTopics } from '@/platform/server/lib/live'
import { queryParams } from '@/platform/server/lib/validate'
import { sessionStreamsOf } from './sessions'

/**
 * GET /api/live?stock=<game>: the tab's one event stream — `stock` events of that game, and for a
 * signed-in user `notifications` events (the unread count), until the session ends. A visitor following
 * nothing gets 400; past a cap of open streams, 429.
 */
export const liveRoutes = new Hono<SessionEnv>().get(
  '/',
  withSession,
  queryParams(liveQuerySchema),
  async (c) => {
    const { stock } = c.req.valid('query')
    const { deps, session } = c.var
    const topics = [
      ...(stock ? [followStock(deps, stock)] : []),
      ...(session ? [followNotifications(deps, session.user.id)] : []),
    ]
    if (topics.length === 0)
      throw new AppError('VALIDATION_FAILED', 'Nothing to follow: sign in, or give stock=<game>')
    c.header('Cache-Control', 'no-store')
    return session ? sessionStreamsOf(deps).stream(c, topics, session) : streamTopics(c, topics)
  },
)
