import { ArrowDown, ArrowUp, Minus, TrendingDown, TrendingUp } from 'lucide-react'
import { Link } from 'react-router'
import type { ItemSummary } from '@/features/catalog/contract'
import { categoryLabel, trendLabel } from '@/features/catalog/labels'
import { ValueText } from '@/platform/web/components/ui/value-text'
import { formatRelative } from '@/platform/web/lib/format'
import { useRenderNow } from '@/platform/web/lib/now'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { ItemImage } from './item-image'

/** Rising and Hyped point up, Dropping down; the rest of the vocabulary is level. */
export function TrendIcon({ trend }: { trend: string | null }) {
  if (trend === 'Rising' || trend === 'Hyped')
    return <TrendingUp aria-hidden="true" className="size-4 text-accent" />
  if (trend === 'Dropping') return <TrendingDown aria-hidden="true" className="size-4 text-danger" />
  return <Minus aria-hidden="true" className="size-4 text-muted" />
}

/** Labels without repeats ("Limited · limited" reads "Limited"). */
export function distinctLabels(labels: (string | null | undefined)[]): string[] {
  const seen = new Set<string>()
  return labels.filter((label): label is string => {
    if (!label) return false
    const key = label.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** What is known of an item without a value: its prices. */
function knownPrices(item: ItemSummary, currency: string | undefined): string | null {
  const prices = [
    item.inGamePrice !== null && currency ? `${formatValue(item.inGamePrice)} ${currency}` : null,
    item.robuxPrice !== null ? `${formatValueFull(item.robuxPrice)} Robux` : null,
  ].filter(Boolean)
  return prices.length > 0 ? `Price ${prices.join(' or ')}` : null
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
  const now = useRenderNow()
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
        {formatRelative(at, now)}
      </time>
    </>
  )
}

/** One item in the values list: the whole row links to the item page. */
export function ItemRow({
  item,
  gameName,
  currency,
  favorite,
}: {
  item: ItemSummary
  gameName?: string
  /** The game's currency: an item without a value shows its price in it. */
  currency?: string
  /**
   * The watch bell and heart at the end of the row (outside the link: a button may not sit inside a
   * link), stacked on phones.
   */
  favorite?: React.ReactNode
}) {
  // Nothing traded is known (no value, demand or trend): the row shows what is (rarity, prices).
  const unknown = item.value === null && item.demand === null && item.trend === null
  const prices = knownPrices(item, currency)
  return (
    // Rows off screen are laid out when scrolled to (a list of 50 costs a phone its first second).
    <li className="flex overflow-hidden rounded-xl border border-line bg-surface [contain-intrinsic-size:auto_4.5rem] [content-visibility:auto] hover:border-accent/60">
      <Link
        to={`/values/${item.gameId}/${item.id}`}
        className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 py-3 sm:gap-x-4 lg:grid-cols-[minmax(0,1fr)_7rem_7rem_13rem]"
      >
        <span className="flex min-w-0 items-center gap-3">
          <ItemImage name={item.name} image={item.image} rarity={item.rarity} />
          <span className="min-w-0">
            {/* The whole name, on two lines if need be (a phone cut it to a few letters). */}
            <span className="block break-words font-semibold leading-snug">{item.name}</span>
            <span className="block truncate text-muted text-xs">
              {distinctLabels([gameName, item.rarity, categoryLabel(item.category)]).join(' · ') || '\u00a0'}
            </span>
          </span>
        </span>
        <ValueText
          value={item.value}
          className={`text-right tabular-nums ${item.value === null ? 'text-muted text-sm' : 'font-semibold'}`}
        />
        {/* Phones: demand and trend share the second line; wide screens: their own columns. */}
        <span className="col-span-2 flex min-w-0 items-center justify-between gap-3 lg:contents">
          <span className="flex shrink-0 items-center gap-3">
            {unknown ? (
              prices && <span className="text-muted text-sm">{prices}</span>
            ) : (
              <DemandMeter demand={item.demand} />
            )}
          </span>
          <span className="flex min-w-0 flex-wrap items-center justify-end gap-x-1.5 text-right text-muted text-xs">
            {!unknown && trendLabel(item) && (
              <>
                <TrendIcon trend={trendLabel(item)} />
                <span>{trendLabel(item)}</span>
              </>
            )}
            <LastChange item={item} />
          </span>
        </span>
      </Link>
      {/* Phones: the bell over the heart, one slim column, so the name keeps most of the row. */}
      {favorite && (
        <div className="flex shrink-0 flex-col divide-y divide-line max-sm:*:flex-1 sm:flex-row sm:divide-y-0">
          {favorite}
        </div>
      )}
    </li>
  )
}
