import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { NOTIFICATION_LIMITS } from '@/features/notifications/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { notificationsQuery, useMarkRead } from '../api'
import { NotificationItem } from './notification-item'

/** The bell's panel: the latest notifications, mark one (by following it) or all read, the full history. */
export default function NotificationPanel({ id, close }: { id: string; close: () => void }) {
  const query = useQuery(notificationsQuery(1))
  const markRead = useMarkRead()
  const latest = query.data?.notifications.slice(0, NOTIFICATION_LIMITS.panelSize) ?? []
  const unread = query.data?.unread ?? 0
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="fixed inset-x-2 top-16 z-50 rounded-xl border border-line bg-surface p-1.5 shadow-black/40 shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-1.5 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <h2 id={`${id}-title`} className="font-semibold">
          Notifications
        </h2>
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          disabled={unread === 0}
          onClick={() => markRead.mutate(undefined)}
        >
          Mark all as read
        </button>
      </div>
      <div className="max-h-[min(28rem,70vh)] overflow-y-auto border-line border-t pt-1">
        {query.isPending ? (
          <p role="status" className="px-3 py-6 text-center text-muted text-sm">
            Loading notifications…
          </p>
        ) : query.isError ? (
          <p role="alert" className="px-3 py-6 text-center text-muted text-sm">
            Notifications could not be loaded.{' '}
            <button type="button" className="text-accent underline" onClick={() => query.refetch()}>
              Try again
            </button>
          </p>
        ) : latest.length === 0 ? (
          <p className="px-3 py-6 text-center text-muted text-sm">
            No notifications yet. Watch an item to hear when it restocks or its value changes.
          </p>
        ) : (
          <ul aria-label="Latest notifications">
            {latest.map((n) => (
              <li key={n.id}>
                <NotificationItem
                  compact
                  notification={n}
                  onOpen={() => {
                    if (n.readAt === null) markRead.mutate([n.id])
                    close()
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-line border-t px-3 pt-2 pb-1">
        <Link to="/notifications" onClick={close} className="text-accent text-sm hover:underline">
          All notifications
        </Link>
      </div>
    </section>
  )
}
