import type { CommunityStockItem, CommunityStockResponse } from '@/features/public-api/contract'
import { COMMUNITY_LISTS, type StockReport, type StockResponse, WEATHER } from '@/features/stock/contract'

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000)

/**
 * Grow a Garden's stock in the lists community bots read (JStudio's shape): each shop's current report
 * (its window not over at `now`) as `item_id`, `display_name`, `quantity` and the window in unix seconds.
 */
export function toCommunityStock(stock: StockResponse, now: Date): CommunityStockResponse {
  const current = (report: StockReport | null) =>
    report !== null && Date.parse(report.windowEnd) > now.getTime()
  const itemsOf = (report: StockReport): CommunityStockItem[] =>
    report.items.map(({ item, quantity }) => ({
      item_id: item,
      display_name: stock.items[item]?.name ?? item,
      // Grow a Garden's shops always give one (only a shop without quantities answers null).
      quantity: quantity ?? 0,
      start_date_unix: unix(report.windowStart),
      end_date_unix: unix(report.windowEnd),
    }))
  const lists = Object.fromEntries(
    Object.entries(COMMUNITY_LISTS).map(([list, shopId]) => {
      const report = stock.shops.find((shop) => shop.id === shopId)?.report ?? null
      return [list, report && current(report) ? itemsOf(report) : []]
    }),
  ) as Omit<CommunityStockResponse, 'weather'>
  return {
    ...lists,
    weather: stock.weather
      .filter((report) => report.weather !== null && current(report))
      .map((report) => ({
        weather_id: report.weather as string,
        weather_name: WEATHER[report.weather as string] ?? (report.weather as string),
        active: Date.parse(report.windowStart) <= now.getTime(),
        start_duration_unix: unix(report.windowStart),
        end_duration_unix: unix(report.windowEnd),
      })),
  }
}
