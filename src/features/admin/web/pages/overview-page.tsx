import { useQuery } from '@tanstack/react-query'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatCount } from '@/platform/web/lib/format'
import { overviewQuery } from '../api'
import { AdminArea } from '../components/admin-area'
import { AdminNotices } from '../components/notices'

/** /admin: what needs attention (features' notices, e.g. a failed import), then the site in figures. */
export function AdminOverviewPage() {
  return (
    <AdminArea title="Admin" back="/admin">
      <Overview />
    </AdminArea>
  )
}

function Overview() {
  const query = useQuery(overviewQuery)
  if (query.isPending) return <Spinner label="Loading the overview" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  const o = query.data
  const tiles: [string, number | string][] = [
    ['Users', o.users.total],
    ['New in 7 days', o.users.newLast7Days],
    ['Suspended', o.users.suspended],
    ['OG members', o.ogMembers],
    ['Launch list: waiting', o.launchList.pending],
    ['Launch list: verified', o.launchList.verified],
    ['Launch list: unsubscribed', o.launchList.unsubscribed],
    ['Mails queued', o.mail.queued],
    ['Mails failed', o.mail.failed],
    ['Mails stuck', o.mail.stuck],
    ['Stock reports today', o.stockReportsToday ?? 'No stock yet'],
  ]
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <AdminNotices notices={o.notices} />
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {tiles.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-line bg-surface p-3">
            <dt className="text-muted text-xs">{label}</dt>
            <dd className="mt-1 font-bold text-xl tabular-nums">
              {typeof value === 'number' ? formatCount(value) : value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
