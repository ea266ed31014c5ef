import { Hono } from 'hono'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import { jsonBody, queryParams } from '@/platform/server/lib/validate'
import {
  type NotificationsResponse,
  notificationsQuerySchema,
  readNotificationsRequestSchema,
  type UnreadCountResponse,
} from '../contract'
import { listNotifications, markRead, unreadCount } from './service'

/** /api/notifications: the signed-in user's notifications. */
export const notificationRoutes = new Hono<UserEnv>()
  .get('/', requireUser, queryParams(notificationsQuerySchema), async (c) => {
    c.header('Cache-Control', 'private, no-store')
    const { page } = c.req.valid('query')
    return c.json<NotificationsResponse>(
      await listNotifications(c.var.deps.database.db, c.var.session.user.id, page),
    )
  })
  .get('/unread-count', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json<UnreadCountResponse>({
      unread: await unreadCount(c.var.deps.database.db, c.var.session.user.id),
    })
  })
  .post('/read', requireUser, jsonBody(readNotificationsRequestSchema), async (c) => {
    const { ids } = c.req.valid('json')
    return c.json<UnreadCountResponse>({
      unread: await markRead(c.var.deps.database, c.var.session.user.id, ids),
    })
  })
