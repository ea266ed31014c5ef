import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database, Db } from '@/platform/server/db/client'
import type { DbOrTx } from '@/platform/server/lib/audit'
import {
  NOTIFICATION_LIMITS,
  type Notification,
  type NotificationKind,
  type NotificationsResponse,
} from '../contract'
import { notifications } from '../tables'

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
  const size = NOTIFICATION_LIMITS.notificationsPageSize
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

/** A notification another feature sends one user (a decision on their suggestion...). */
export interface UserNotice {
  userId: string
  kind: NotificationKind
  title: string
  body: string
  /** A path of the site, where following the notification leads. */
  link: string
  /** One notification per user and key: sending the same key again does nothing. */
  dedupeKey: string
  gameId?: string | null
  itemId?: string | null
}

/**
 * Writes a notification in the caller's transaction (none when the user already has one with this key)
 * and wakes the user's bells on every instance (the NOTIFY is delivered when the transaction commits).
 * The row when it was created, else null.
 */
export async function createNotification(
  tx: DbOrTx,
  notice: UserNotice,
  options: { emailPending?: boolean } = {},
): Promise<{ id: number; createdAt: Date } | null> {
  const [created] = await tx
    .insert(notifications)
    .values({
      userId: notice.userId,
      kind: notice.kind,
      gameId: notice.gameId ?? null,
      itemId: notice.itemId ?? null,
      title: notice.title,
      body: notice.body,
      link: notice.link,
      dedupeKey: notice.dedupeKey,
      emailPending: options.emailPending ?? false,
    })
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id, createdAt: notifications.createdAt })
  if (!created) return null
  await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${notice.userId})`)
  return created
}

/** createNotification, in-app only: true when it was created. */
export async function notifyUser(tx: DbOrTx, notice: UserNotice): Promise<boolean> {
  return (await createNotification(tx, notice)) !== null
}
