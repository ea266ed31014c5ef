import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useState } from 'react'
import type { SubscriberListResponse } from '@/features/launch-list/contract'
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '@/features/launch-list/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { apiFetch } from '@/platform/web/lib/api'
import { formatDay } from '@/platform/web/lib/format'

const STATUS_LABEL: Record<SubscriberStatus, string> = {
  pending: 'Waiting for verification',
  verified: 'Verified (OG)',
  unsubscribed: 'Unsubscribed',
}

/** The early-access list: counts by status, the newest sign-ups (filterable, paged) and a CSV export. */
export function LaunchListAdmin() {
  const [status, setStatus] = useState<SubscriberStatus | ''>('')
  const [page, setPage] = useState(1)
  const query = useQuery({
    queryKey: ['admin', 'launch-list', status, page],
    queryFn: () =>
      apiFetch<SubscriberListResponse>(
        `/api/admin/launch-list?${new URLSearchParams({ ...(status && { status }), page: String(page) })}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  if (query.isPending) return <Spinner label="Loading the launch list" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  const { counts, subscribers, pageSize } = query.data
  const total = status ? counts[status] : counts.pending + counts.verified + counts.unsubscribed
  const pages = Math.max(1, Math.ceil(total / pageSize))

  return (
    <section
      aria-labelledby="launch-list-heading"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="launch-list-heading" className="font-semibold text-lg">
          Early-access list
        </h2>
        <a href="/api/admin/launch-list/export.csv" download className={buttonClass('secondary', 'sm')}>
          <Download aria-hidden="true" className="size-4" /> Export CSV
        </a>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        {SUBSCRIBER_STATUSES.map((s) => (
          <div key={s} className="rounded-xl bg-bg p-3">
            <dt className="text-muted text-xs">{STATUS_LABEL[s]}</dt>
            <dd className="mt-1 font-bold text-xl tabular-nums">{counts[s]}</dd>
          </div>
        ))}
      </dl>
      <label className="mt-4 flex items-center gap-2 text-sm">
        Show
        <select
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as SubscriberStatus | '')
            setPage(1)
          }}
          className="rounded-lg border border-line bg-bg px-2 py-1.5"
        >
          <option value="">everyone</option>
          {SUBSCRIBER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s].toLowerCase()}
            </option>
          ))}
        </select>
      </label>
      {subscribers.length === 0 ? (
        <p className="mt-4 text-muted">Nobody here yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {subscribers.map((s) => (
            <li key={s.email} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
              <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{s.email}</span>
              <span className="text-muted">
                {STATUS_LABEL[s.status]} · signed up {formatDay(s.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-3 text-sm">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className={buttonClass('secondary', 'sm')}
          >
            Previous
          </button>
          <span className="text-muted">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            className={buttonClass('secondary', 'sm')}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  )
}
