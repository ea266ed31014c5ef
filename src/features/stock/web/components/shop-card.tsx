import { Clock, RefreshCw, Sparkles } from 'lucide-react'
import { memo, type ReactNode } from 'react'
import { Link } from 'react-router'
import { ItemImage } from '@/features/catalog/web/public'
import type { StockItem, StockReport, StockResponse, StockShop } from '@/features/stock/contract'
import { formatCountdown, formatDuration } from '@/features/stock/rules'
import { ValueText } from '@/platform/web/components/ui/value-text'
import { useNow } from '@/platform/web/lib/now'
import { Slot } from '@/platform/web/lib/slots'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { shopItemActions } from '../slots'
import { isRare, isStale, rarityClass, reportedText, type ShopState, waitingText } from '../view'

export type StockItems = StockResponse['items']

/** How the items of a game are shown: Grow a Garden counts quantities, Blox Fruits shows values. */
export interface StockLook {
  game: string
  currency: string
  showQuantity: boolean
  showValue: boolean
}

export const GAME_LOOK = {
  'grow-a-garden': { game: 'grow-a-garden', currency: 'Sheckles', showQuantity: true, showValue: false },
  'blox-fruits': { game: 'blox-fruits', currency: 'Beli', showQuantity: false, showValue: true },
} as const satisfies Record<string, StockLook>

function ItemLine({
  entry,
  items,
  look,
  watchable,
}: {
  entry: StockItem
  items: StockItems
  look: StockLook
  watchable: boolean
}) {
  const info = items[entry.item]
  const rare = isRare(info?.rarity)
  return (
    <li
      className={`flex items-center gap-3 rounded-xl border px-3 py-2 ${
        rare ? 'border-amber-300/50 bg-amber-300/[0.06]' : 'border-transparent bg-surface-2/70'
      }`}
    >
      <ItemImage
        name={info?.name ?? entry.item}
        image={info?.image ?? null}
        rarity={info?.rarity ?? null}
        size="sm"
      />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5">
          {rare && <Sparkles aria-hidden="true" className="size-4 shrink-0 text-amber-300" />}
          <Link
            to={`/values/${look.game}/${entry.item}`}
            className="truncate font-semibold hover:text-accent hover:underline"
          >
            {info?.name ?? entry.item}
          </Link>
          {rare && <span className="sr-only">(rare)</span>}
        </p>
        <p className="flex flex-wrap gap-x-1.5 text-muted text-xs [&>*+*]:before:mr-1.5 [&>*+*]:before:content-['·']">
          {info?.rarity && <span className={`font-medium ${rarityClass(info.rarity)}`}>{info.rarity}</span>}
          {info?.inGamePrice != null && (
            <span title={`${formatValueFull(info.inGamePrice)} ${look.currency}`}>
              {formatValue(info.inGamePrice)} {look.currency}
            </span>
          )}
          {info?.robuxPrice != null && <span>{formatValueFull(info.robuxPrice)} Robux</span>}
        </p>
      </div>
      {look.showValue && (
        <p className="shrink-0 text-right">
          <span className="block text-muted text-xs">Value</span>
          <ValueText
            value={info?.value ?? null}
            className={info?.value == null ? 'text-muted text-sm' : 'font-semibold tabular-nums'}
          />
        </p>
      )}
      {look.showQuantity && entry.quantity !== null && (
        <p className="shrink-0 font-bold text-lg tabular-nums">
          <span className="sr-only">quantity </span>×{entry.quantity}
        </p>
      )}
      {watchable && (
        <Slot
          slot={shopItemActions}
          game={look.game}
          item={entry.item}
          name={info?.name ?? entry.item}
          category={info?.category ?? null}
          rarity={info?.rarity ?? null}
        />
      )}
    </li>
  )
}

/** The items of a report (memoised: a live report renders its card again). */
export const StockItemList = memo(function StockItemList({
  report,
  items,
  look,
  label,
  watchable = false,
}: {
  report: StockReport
  items: StockItems
  look: StockLook
  label: string
  /** Each item with its watch bell (the stock pages). */
  watchable?: boolean
}) {
  if (report.items.length === 0) return <p className="text-muted text-sm">Nothing in stock.</p>
  return (
    <ul aria-label={label} className="space-y-1.5">
      {report.items.map((entry) => (
        <ItemLine key={entry.item} entry={entry} items={items} look={look} watchable={watchable} />
      ))}
    </ul>
  )
})

/** Text that counts with the seconds clock: only it renders again every second, not its card. */
export function Counting({ text }: { text: (now: number) => string }) {
  return text(useNow())
}

function Countdown({ label, to }: { label: string; to: number }) {
  return (
    <p className="text-right">
      <span className="block text-muted text-xs">{label}</span>
      <span className="inline-flex items-center gap-1.5 font-mono text-accent text-xl tabular-nums">
        <Clock aria-hidden="true" className="size-4" />
        <time dateTime={new Date(to).toISOString()}>
          <Counting text={(now) => formatCountdown(to - now)} />
        </time>
      </span>
    </p>
  )
}

/**
 * Which source reported the stock on show and when ("Game feed · reported 40 s ago"), and "Stale" once
 * its window has restocked since.
 */
export function Freshness({ report, stale }: { report: StockReport; stale: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted text-xs">
      {stale && (
        <span className="rounded-full border border-warn/50 bg-warn/10 px-2 py-0.5 font-semibold text-warn">
          Stale
        </span>
      )}
      <span>
        <Counting text={(now) => reportedText(report, now)} />
      </span>
    </p>
  )
}

const every = (shop: StockShop) =>
  shop.kind === 'visit'
    ? `Stays about ${formatDuration(shop.periodSeconds)}`
    : `Restocks every ${formatDuration(shop.periodSeconds)}`

/** One shop: its countdown, its stock (current, or previous and labelled so), who reported it. */
export function ShopCard({
  shop,
  state,
  items,
  look,
  children,
}: {
  shop: StockShop
  state: ShopState
  items: StockItems
  look: StockLook
  /** Below the stock: the shop's recent restocks. */
  children?: ReactNode
}) {
  const headingId = `shop-${shop.id}`
  const report = state.kind === 'empty' || state.kind === 'away' ? null : state.report
  const waiting = state.kind === 'restocking' || state.kind === 'previous'
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-lg [overflow-wrap:anywhere]">
            {shop.name}
          </h2>
          <p className="text-muted text-xs">{every(shop)}</p>
        </div>
        {state.kind === 'restocking' ? (
          // No fading text (it would be unreadable half the time): the icon turns, the words stay.
          <p role="status" className="flex shrink-0 items-center gap-1.5 font-semibold text-warn">
            <RefreshCw aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            Restocking…
          </p>
        ) : state.kind === 'visit' ? (
          <Countdown label="Leaves in" to={state.leavesAt} />
        ) : state.kind !== 'away' && state.nextRestockAt !== null ? (
          <Countdown label="Next restock in" to={state.nextRestockAt} />
        ) : null}
      </header>

      {waiting && (
        <p className="rounded-lg border border-warn/40 bg-warn/10 px-3 py-2 text-sm">
          <span className="font-semibold text-warn">Previous stock.</span>{' '}
          <Counting text={(now) => waitingText(state.windowStart, now)} />
        </p>
      )}

      {report ? (
        <StockItemList
          report={report}
          items={items}
          look={look}
          label={waiting ? `${shop.name}: previous stock` : `${shop.name}: in stock now`}
          watchable
        />
      ) : (
        <p className="rounded-lg bg-surface-2/70 px-3 py-4 text-center text-muted text-sm">
          No stock reported yet for this shop.
        </p>
      )}

      {report && <Freshness report={report} stale={isStale(state)} />}
      {children}
    </section>
  )
}
