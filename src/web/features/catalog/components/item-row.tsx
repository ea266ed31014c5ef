import { ArrowDown, ArrowUp, Minus, TrendingDown, TrendingUp } from 'lucide-react'
import { Link } from 'react-router'
import type { ItemSummary } from '@/shared/catalog'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { formatRelative } from '@/web/lib/format'

export function TrendIcon({ trend }: { trend: string | null }) {
  const t = trend?.toLowerCase() ?? ''
  if (/(ris|up|increas)/.test(t)) return <TrendingUp aria-hidden="true" className="size-4 text-accent" />
  if (/(fall|down|drop|decreas)/.test(t))
    return <TrendingDown aria-hidden="true" className="size-4 text-danger" />
  return <Minus aria-hidden="true" className="size-4 text-muted" />
}

export function DemandMeter({ demand }: { demand: number | null }) {
  if (demand === null) return <span className="text-muted text-sm">demand unknown</span>
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <span aria-hidden="true" className="h-1.5 w-14 overflow-hidden rounded-full bg-surface-2">
        <span
          className="block h-full rounded-full bg-accent"
          style={{ width: `${Math.min(10, demand) * 10}%` }}
        />
      </span>
      <span>
        <span className="sr-only">demand </span>
        {demand}/10
      </span>
    </span>
  )
}

/** The direction and percent of the item's last value change, and when: "↑ +12% · 3 days ago". */
function LastChange({ item }: { item: ItemSummary }) {
  const at = item.lastChange?.at ?? item.valueChangedAt
  if (!at) return null
  const percent = item.lastChange?.percent ?? null
  const Arrow = percent !== null && percent > 0 ? ArrowUp : ArrowDown
  return (
    <>
      <span aria-hidden="true">·</span>
      {percent !== null && percent !== 0 && (
        <span
          className={`inline-flex items-center font-medium ${percent > 0 ? 'text-accent' : 'text-danger'}`}
        >
          <Arrow aria-hidden="true" className="size-3" />
          <span className="sr-only">{percent > 0 ? 'up' : 'down'} </span>
          {percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`}
          <span aria-hidden="true" className="ml-1.5 text-muted">
            ·
          </span>
        </span>
      )}
      <time dateTime={at} className="whitespace-nowrap">
        {formatRelative(at)}
      </time>
    </>
  )
}

/** One item in the values list: the whole row links to the item page. */
export function ItemRow({
  item,
  gameName,
  favorite,
}: {
  item: ItemSummary
  gameName?: string
  /** The watch bell and heart beside the row (outside the link: a button may not sit inside a link). */
  favorite?: React.ReactNode
}) {
  return (
    <li className="flex overflow-hidden rounded-xl border border-line bg-surface hover:border-accent/60">
      <Link
        to={`/values/${item.gameId}/${item.id}`}
        className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3 lg:grid-cols-[minmax(0,1fr)_7rem_7rem_13rem]"
      >
        <span className="min-w-0">
          <span className="block truncate font-semibold">{item.name}</span>
          <span className="block truncate text-muted text-xs">
            {[gameName, item.rarity, item.category].filter(Boolean).join(' · ') || '\u00a0'}
          </span>
        </span>
        <span
          className={`text-right tabular-nums ${item.value === null ? 'text-muted text-sm' : 'font-semibold'}`}
          title={formatValueFull(item.value)}
        >
          {formatValue(item.value)}
        </span>
        {/* Phones: demand and trend share the second line; wide screens: their own columns. */}
        <span className="col-span-2 flex min-w-0 items-center justify-between gap-3 lg:contents">
          <span className="flex shrink-0 items-center gap-3">
            <DemandMeter demand={item.demand} />
          </span>
          <span className="flex min-w-0 flex-wrap items-center justify-end gap-x-1.5 text-right text-muted text-xs">
            <TrendIcon trend={item.trend} />
            <span>{item.trend ?? 'no trend'}</span>
            <LastChange item={item} />
          </span>
        </span>
      </Link>
      {favorite}
    </li>
  )
}
