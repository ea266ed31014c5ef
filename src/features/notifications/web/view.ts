/** Pure rules of the notification centre's pages: how a cached page changes, and what the bell says. */
import type { NotificationsResponse } from '@/features/notifications/contract'

/** A cached page of notifications with these (or all) marked read. */
export function markRead(
  page: NotificationsResponse,
  ids: readonly number[] | undefined,
  now = new Date(),
): NotificationsResponse {
  const hit = (id: number) => ids === undefined || ids.includes(id)
  let newlyRead = 0
  const notifications = page.notifications.map((n) => {
    if (n.readAt !== null || !hit(n.id)) return n
    newlyRead++
    return { ...n, readAt: now.toISOString() }
  })
  if (newlyRead === 0) return page
  const unread = ids === undefined ? 0 : Math.max(0, page.unread - newlyRead)
  return { ...page, notifications, unread }
}

/** The bell's accessible name: "Notifications, 3 unread". */
export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'

/** The badge: the count, "99+" beyond. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread))
