import { Hono } from 'hono'
import { type SessionEnv, withSession } from '@/server/auth/session'
import { followNotifications } from '@/server/features/alerts/public'
import { followStock } from '@/server/features/stock/public'
import { AppError } from '@/server/lib/errors'
import { streamTopics } from '@/server/lib/live'
import { queryParams } from '@/server/lib/validate'
import { liveQuerySchema } from '@/shared/live'
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
