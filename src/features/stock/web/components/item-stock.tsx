import { Store } from 'lucide-react'
import { Link } from 'react-router'
import { describeOdds, STOCK_ITEM_CATEGORIES } from '@/features/stock/rules'
import { ApiError } from '@/platform/web/lib/api'
import { formatClock, formatRelative } from '@/platform/web/lib/format'
import { isStockGame, type StockGameId } from '@/shared/games'
import type { useItemStockStats } from '../queries'

const STOCK_PAGE: Record<StockGameId, string> = {
  'grow-a-garden': '/grow-a-garden-stock',
  'blox-fruits': '/blox-fruits-stock',
}

/**
 * The "Stock" section of an item page (games with a stock tracker only): when the item was last in
 * stock, how often in the last 7 days, and its odds from game data. Nothing for other games, and
 * nothing when the item is not sold in a shop.
 */
export function ItemStockSection({
  game,
  category,
  query,
}: {
  game: string
  /** The item's catalog category: pets, game passes… are never in a shop's stock. */
  category: string | null
  query: ReturnType<typeof useItemStockStats>
}) {
  const stockPage = isStockGame(game) ? STOCK_PAGE[game] : null
  const sold = isStockGame(game) && (category === null || STOCK_ITEM_CATEGORIES[game].includes(category))
  if (!sold || !stockPage || query.isPending) return null
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return null
    return (
      <p role="alert" className="mt-8 text-muted text-sm">
        The stock facts of this item could not be loaded.
      </p>
    )
  }
  const { lastSeen, appearancesLast7Days: times, odds } = query.data
  return (
    <section aria-labelledby="stock" className="mt-8 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="stock" className="flex items-center gap-2 font-semibold text-lg">
          <Store aria-hidden="true" className="size-5 text-accent" /> Stock
        </h2>
        <Link to={stockPage} className="py-0.5 text-accent text-sm hover:underline">
          See the live stock
        </Link>
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <div className="rounded-xl border border-line bg-bg/40 p-3">
          <dt className="text-muted text-xs">Last seen in stock</dt>
          <dd className="mt-1 font-medium">
            {lastSeen ? (
              <>
                <time dateTime={lastSeen.at} title={formatClock(lastSeen.at, Date.now())}>
                  {formatRelative(lastSeen.at)}
                </time>{' '}
                in the {lastSeen.shopName}
                {lastSeen.quantity !== null && `, ×${lastSeen.quantity}`}
              </>
            ) : (
              'Not seen in stock yet'
            )}
          </dd>
        </div>
        <div className="rounded-xl border border-line bg-bg/40 p-3">
          <dt className="text-muted text-xs">Last 7 days</dt>
          <dd className="mt-1 font-medium">
            In stock {times} {times === 1 ? 'time' : 'times'} in the last 7 days
          </dd>
        </div>
        <div className="rounded-xl border border-line bg-bg/40 p-3">
          <dt className="text-muted text-xs">Odds (from game data)</dt>
          <dd className="mt-1 font-medium">
            {odds ? (
              <>
                {describeOdds(odds, odds.periodSeconds)}
                {odds.minQuantity !== null && odds.maxQuantity !== null && (
                  <span className="block font-normal text-muted text-xs">
                    {odds.minQuantity === odds.maxQuantity
                      ? `${odds.minQuantity} in stock when it appears`
                      : `${odds.minQuantity} to ${odds.maxQuantity} in stock when it appears`}
                  </span>
                )}
              </>
            ) : (
              'No odds in the game data'
            )}
          </dd>
        </div>
      </dl>
    </section>
  )
}
