import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { hasWeather } from '@/features/stock/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { useNowUntil } from '@/platform/web/lib/now'
import { Part } from '@/platform/web/lib/part'
import type { StockGameId } from '@/shared/games'
import { STOCK_GAME_NAMES } from '@/shared/games'
import { PAGE_HISTORY_LIMIT, stockHistoryQuery, stockQuery } from '../queries'
import { boardChangesAt, groupByShop, mergeReports, shopState } from '../view'
import { LiveStatus } from './live-status'
import { RecentRestocks } from './recent-restocks'
import { GAME_LOOK, ShopCard } from './shop-card'
import { WeatherStrip } from './weather-strip'

/**
 * A game's live stock: every shop with its countdown and stock, the weather, and each shop's recent
 * restocks. Two requests (the stock and one page of history), then the event stream keeps it live
 * (its status renders again on its own: the board, and its shops not hydrated yet, do not).
 */
export function StockBoard({ game, columns }: { game: StockGameId; columns: string }) {
  const stock = useQuery(stockQuery(game))
  const history = useQuery(stockHistoryQuery(game, { limit: PAGE_HISTORY_LIMIT }))
  // The board renders again when a shop's state changes; its countdowns count on their own.
  const now = useNowUntil((time) =>
    stock.data ? boardChangesAt(stock.data.shops, stock.data.weather, time) : Number.POSITIVE_INFINITY,
  )
  const look = GAME_LOOK[game]

  const { groups, items } = useMemo(() => {
    const live = stock.data?.shops.map((s) => s.report) ?? []
    const shown = new Set(live.flatMap((r) => (r ? [r.id] : [])))
    return {
      groups: groupByShop(mergeReports(history.data?.reports ?? [], live), shown),
      items: { ...history.data?.items, ...stock.data?.items },
    }
  }, [stock.data, history.data])

  if (stock.isPending) return <Spinner label="Loading the stock" />
  if (stock.isError) return <ErrorPanel onRetry={() => stock.refetch()} />

  const { shops, weather } = stock.data
  const states = shops.map((shop) => ({ shop, state: shopState(shop, now) }))
  const nothingYet = shops.every((s) => !s.report) && weather.length === 0
  const away = states.filter(({ state }) => state.kind === 'away')

  return (
    <div className="space-y-4">
      <LiveStatus game={game} />
      {nothingYet && (
        <p className="rounded-2xl border border-line bg-surface px-4 py-3 text-sm">
          No stock has been reported for {STOCK_GAME_NAMES[game]} yet. Each restock shows here as soon as a
          stock manager or a bot reports it.
        </p>
      )}
      {hasWeather(game) && <WeatherStrip weather={weather} now={now} />}
      <div className={`grid gap-4 ${columns}`}>
        {states
          .filter(({ state }) => state.kind !== 'away')
          .map(({ shop, state }) => (
            <Part key={shop.id}>
              <ShopCard shop={shop} state={state} items={items} look={look}>
                <RecentRestocks
                  game={game}
                  shopId={shop.id}
                  shownId={shop.report?.id ?? null}
                  reports={groups.get(shop.id) ?? []}
                  pageComplete={history.data?.nextBefore === null}
                  items={items}
                  look={look}
                />
              </ShopCard>
            </Part>
          ))}
      </div>
      {away.map(({ shop }) => (
        <p key={shop.id} className="text-muted text-sm">
          {shop.name}: no visit reported right now.
        </p>
      ))}
    </div>
  )
}
