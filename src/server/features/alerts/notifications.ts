import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Database, Db } from '@/server/db/client'
import { notifications } from '@/server/db/schema'
import {
  ALERT_LIMITS,
  type Notification,
  type NotificationKind,
  type NotificationsResponse,
} from '@/shared/alerts'

/** The channel on which a change to a user's notifications (payload: the user id) reaches every instance. */
export const NOTIFICATIONS_CHANNEL = 'notifications'

type NotificationRow = typeof notifications.$inferSelect

const present = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  game: row.gameId,
  item: row.itemId,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
})

/** How many of the user's notifications are unread (the bell's count). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return row?.n ?? 0
}

/** One page of the user's notifications, newest first, with the totals the pager and the bell need. */
export async function listNotifications(
  db: Db,
  userId: string,
  page: number,
): Promise<NotificationsResponse> {
  const size = ALERT_LIMITS.notificationsPageSize
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(size)
    .offset((page - 1) * size)
  const [total] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId))
  const n = total?.n ?? 0
  return {
    notifications: rows.map(present),
    page,
    pageCount: Math.max(1, Math.ceil(n / size)),
    total: n,
    unread: await unreadCount(db, userId),
  }
}

/**
 * Marks the user's notifications with these ids read (ids of other users' are ignored), or all of the
 * user's when `ids` is absent, and tells the user's other tabs (on any instance) so their bells follow.
 */
export async function markRead(database: Database, userId: string, ids?: number[]): Promise<number> {
  const { db } = database
  const changed = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id })
  if (changed.length > 0) await database.notify(NOTIFICATIONS_CHANNEL, userId)
  return unreadCount(db, userId)
}
