import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { SignInPrompt, useMe } from '@/features/accounts/web/public'
import { buttonClass } from '@/platform/web/components/ui/button'
import { LoadError } from '@/platform/web/components/ui/load-error'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { notificationsQuery, useMarkRead } from '../api'
import { NotificationItem } from '../components/notification-item'

const pageOf = (value: string | null) => {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1
}

function History() {
  const [params] = useSearchParams()
  const page = pageOf(params.get('page'))
  const query = useQuery(notificationsQuery(page))
  const markRead = useMarkRead()
  if (query.isPending) return <Spinner label="Loading notifications" />
  if (query.isError) return <LoadError what="Your notifications" onRetry={() => query.refetch()} />
  const { notifications, pageCount, total, unread } = query.data
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted text-sm">
          {total} {total === 1 ? 'notification' : 'notifications'}, {unread} unread
        </p>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={unread === 0}
          onClick={() => markRead.mutate(undefined)}
        >
          Mark all as read
        </button>
      </div>
      {notifications.length === 0 ? (
        <p className="mt-6 text-muted">
          No notifications yet. Watch an item on its page, a stock page or the values list, or add a rule in
          your profile's{' '}
          <Link to="/profile?tab=alerts" className="text-accent underline">
            Alerts
          </Link>{' '}
          tab. Offers, messages and trades of your trade ads show here too.
        </p>
      ) : (
        <ul
          aria-label="Notifications"
          className="mt-4 divide-y divide-line rounded-2xl border border-line bg-surface"
        >
          {notifications.map((n) => (
            <li key={n.id} className="flex items-center gap-2 pr-3">
              <div className="min-w-0 flex-1">
                <NotificationItem
                  notification={n}
                  onOpen={() => {
                    if (n.readAt === null) markRead.mutate([n.id])
                  }}
                />
              </div>
              {n.readAt === null && (
                <button
                  type="button"
                  className={`${buttonClass('ghost', 'sm')} shrink-0`}
                  aria-label={`Mark read: ${n.title}`}
                  onClick={() => markRead.mutate([n.id])}
                >
                  Mark read
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
          {page > 1 && (
            <Link className={buttonClass('secondary', 'sm')} to={`?page=${page - 1}`}>
              Newer
            </Link>
          )}
          <span className="text-muted text-sm">
            Page {page} of {pageCount}
          </span>
          {page < pageCount && (
            <Link className={buttonClass('secondary', 'sm')} to={`?page=${page + 1}`}>
              Older
            </Link>
          )}
        </nav>
      )}
    </>
  )
}

/** /notifications: the signed-in user's whole history of alerts, newest first, page by page. */
export function NotificationsPage() {
  const { me, isPending } = useMe()
  const [params] = useSearchParams()
  if (isPending) return <Spinner label="Loading notifications" />
  if (!me) {
    return (
      <Page title="Notifications" lead="Alerts for the items you watch: restocks and value changes.">
        <SignInPrompt back={`/notifications${params.size ? `?${params}` : ''}`}>
          Sign in to see your notifications.
        </SignInPrompt>
      </Page>
    )
  }
  return (
    <Page title="Notifications" lead="Alerts for the items you watch and your rules, newest first.">
      <History />
    </Page>
  )
}
