import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { AdminArea } from '@/features/admin/web/public'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Pager } from '@/platform/web/components/ui/pager'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatCount } from '@/platform/web/lib/format'
import { disputeQueueQuery } from '../api'
import { DisputeList } from '../components/dispute-list'

function Queue() {
  const [search] = useSearchParams()
  const page = Math.max(1, Math.min(1000, Math.trunc(Number(search.get('page'))) || 1))
  const query = useQuery(disputeQueueQuery(page))
  if (query.isPending) return <Spinner label="Loading disputes" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  const { disputes, open, pageCount } = query.data
  return (
    <>
      <p className="text-muted">
        {formatCount(open)} open dispute{open === 1 ? '' : 's'}, oldest first; decided ones follow, newest
        first.
      </p>
      {disputes.length === 0 ? (
        <p className="mt-4">No disputes yet.</p>
      ) : (
        <DisputeList disputes={disputes} label="Disputes" />
      )}
      <Pager
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => ({ search: p > 1 ? `?page=${p}` : '' })}
        previous="Earlier"
        next="Later"
      />
    </>
  )
}

/** /admin/disputes: the moderators' queue of disputes (each decided on its own page). */
export function AdminDisputesPage() {
  return (
    <AdminArea title="Disputes" back="/admin/disputes" moderators>
      <Queue />
    </AdminArea>
  )
}
