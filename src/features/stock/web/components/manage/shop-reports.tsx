import { useInfiniteQuery } from '@tanstack/react-query'
import type { StockReport } from '@/features/stock/contract'
import { STOCK_SOURCE_LABELS } from '@/features/stock/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatClock } from '@/platform/web/lib/format'
import { shopHistoryQuery } from '../../api'
import { mergeReports, summarizeItems } from '../../view'
import type { StockItems } from '../shop-card'
import { Panel } from './panel'

/** The shop's last reports, with who made each (page after page). */
export function ShopReports({
  game,
  shopId,
  live,
  items,
  showQuantity,
  now,
}: {
  game: string
  shopId: string
  /** The shop's latest report from the live stock (it may be newer than the list). */
  live: StockReport | null
  items: StockItems
  showQuantity: boolean
  now: number
}) {
  const query = useInfiniteQuery(shopHistoryQuery(game, shopId))
  const reports = mergeReports(query.data?.pages.flatMap((p) => p.reports) ?? [], live ? [live] : [])
  const names = Object.assign({}, ...(query.data?.pages.map((p) => p.items) ?? []), items) as StockItems
  return (
    <Panel id="last-reports" title="Last reports">
      {query.isPending ? (
        <Spinner label="Loading the reports" className="py-6" />
      ) : query.isError ? (
        <FormMessage kind="error">The reports could not be loaded.</FormMessage>
      ) : reports.length === 0 ? (
        <p className="text-muted text-sm">No reports for this shop yet.</p>
      ) : (
        <>
          <ol className="divide-y divide-line text-sm">
            {reports.map((r) => (
              <li key={r.id} className="py-2 [overflow-wrap:anywhere]">
                <p className="flex flex-wrap justify-between gap-x-3">
                  <time dateTime={r.windowStart} className="font-medium tabular-nums">
                    {formatClock(r.windowStart, now)}
                  </time>
                  <span className="text-muted text-xs">
                    by {r.source.name} ({STOCK_SOURCE_LABELS[r.source.kind].toLowerCase()})
                    {r.corrected ? ' · corrected' : ''}
                  </span>
                </p>
                <p className="text-muted">{summarizeItems(r, names, { quantities: showQuantity })}</p>
              </li>
            ))}
          </ol>
          {query.hasNextPage && (
            <button
              type="button"
              disabled={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
              className={`${buttonClass('secondary', 'sm')} mt-3`}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Show older reports'}
            </button>
          )}
        </>
      )}
    </Panel>
  )
}
