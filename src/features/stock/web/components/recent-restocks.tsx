import { useQuery } from '@tanstack/react-query'
import { ChevronDown } from 'lucide-react'
import { useState } from 'react'
import type { StockReport } from '@/features/stock/contract'
import { formatClock } from '@/platform/web/lib/format'
import { useRenderNow } from '@/platform/web/lib/now'
import { stockHistoryQuery } from '../queries'
import { mergeReports, summarizeItems } from '../view'
import type { StockItems, StockLook } from './shop-card'

/** How many earlier restocks a card lists. */
export const RECENT_RESTOCKS = 5

/**
 * A shop's last restocks before the one on show, from the page's one history request; a shop that
 * page did not reach (a 4 h shop among 5 min ones) asks for its own when opened.
 */
export function RecentRestocks({
  game,
  shopId,
  shownId,
  reports,
  pageComplete,
  items,
  look,
}: {
  game: string
  shopId: string
  /** The report the card shows (not repeated here). */
  shownId: number | null
  reports: readonly StockReport[]
  /** The page's history reached the shop's oldest report. */
  pageComplete: boolean
  items: StockItems
  look: StockLook
}) {
  const now = useRenderNow()
  const [open, setOpen] = useState(false)
  const needOwn = open && !pageComplete && reports.length < RECENT_RESTOCKS
  const own = useQuery({
    ...stockHistoryQuery(game, { shop: shopId, limit: RECENT_RESTOCKS + 1 }),
    enabled: needOwn,
  })
  const list = (needOwn && own.data ? mergeReports(reports, own.data.reports) : reports)
    .filter((r) => r.id !== shownId)
    .slice(0, RECENT_RESTOCKS)
  const names = needOwn && own.data ? { ...own.data.items, ...items } : items
  return (
    <details
      className="group mt-auto border-line border-t pt-2"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between rounded-lg py-1 font-medium text-muted text-sm hover:text-ink [&::-webkit-details-marker]:hidden">
        Recent restocks
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      {needOwn && own.isPending ? (
        <p className="py-2 text-muted text-sm">Loading…</p>
      ) : list.length === 0 ? (
        <p className="py-2 text-muted text-sm">No earlier restocks reported.</p>
      ) : (
        <ol className="mt-1 space-y-2 text-sm">
          {list.map((r) => (
            <li key={r.id} className="[overflow-wrap:anywhere]">
              <time dateTime={r.windowStart} className="font-medium tabular-nums">
                {formatClock(r.windowStart, now)}
              </time>{' '}
              <span className="text-muted">
                — {summarizeItems(r, names, { quantities: look.showQuantity })}
              </span>
              <span className="block text-muted text-xs">
                by {r.source.name}
                {r.corrected ? ' · corrected' : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </details>
  )
}
