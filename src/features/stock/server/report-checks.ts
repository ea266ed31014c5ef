/**
 * Checking a report before it is stored: the shop exists and is on, its items are in the catalog and
 * sold there, and it falls inside the shop's current window (a clock's, or a visit's or weather's).
 */
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm'
import { findItems } from '@/features/catalog/server/public'
import {
  type ShopSettings,
  STOCK_LIMITS,
  STOCK_MESSAGES,
  shopDefinition,
  shopHasQuantities,
  WEATHER,
  WEATHER_DEFAULT_SECONDS,
  WEATHER_SHOP,
  windowAt,
} from '@/features/stock/contract'
import { stockReports } from '@/features/stock/tables'
import type { Db } from '@/platform/server/db/client'
import type { StockGameId } from '@/shared/games'
import { isOwnKey } from '@/shared/lookup'
import { badRequest, catalogOf, type ReportInput, type StockDeps, withinVisitBounds } from './reports'
import { shopSettingsOf } from './shops'

/** One shop's stock, checked: what a report stores. */
export interface CheckedReport {
  shop: string
  weather: string
  windowStart: Date
  windowEnd: Date
  observedAt: Date
  /** Sorted by item id; each with its quantity only at a shop with quantities. */
  items: { item: string; quantity?: number }[]
}

/**
 * Items sorted by id; unknown or repeated items refused, naming them, and items of a category the shop
 * does not sell (a pet in the seed shop), naming them and the shop.
 */
async function checkItems(
  deps: StockDeps,
  game: StockGameId,
  shop: { id: string; name: string },
  items: ReportInput['items'],
) {
  const seen = new Set<string>()
  for (const { item } of items) {
    if (seen.has(item)) throw badRequest(STOCK_MESSAGES.duplicateItem(item), 'items')
    seen.add(item)
  }
  const found = await findItems(catalogOf(deps), game, [...seen])
  const unknown = [...seen].filter((id) => !found.has(id))
  if (unknown.length > 0) throw badRequest(STOCK_MESSAGES.unknownItems(unknown, game), 'items')
  const sells = shopDefinition(game, shop.id)?.categories ?? []
  const notSold = [...seen]
    .map((id) => ({ id, category: found.get(id)?.category ?? null }))
    .filter((item) => item.category === null || !sells.includes(item.category))
  if (notSold.length > 0) throw badRequest(STOCK_MESSAGES.notSold(shop.name, notSold), 'items')
  return [...items].sort((a, b) => a.item.localeCompare(b.item))
}

/**
 * A shop with quantities needs each item's (400 naming the first without); a shop without (a Blox
 * Fruits dealer) keeps none, whatever a bot sends (`shopHasQuantities`).
 */
function withQuantities(
  game: StockGameId,
  shop: { id: string; name: string },
  items: ReportInput['items'],
): CheckedReport['items'] {
  if (!shopHasQuantities(game, shop.id)) return items.map(({ item }) => ({ item }))
  const missing = items.find((i) => i.quantity === undefined)
  if (missing) throw badRequest(STOCK_MESSAGES.quantityNeeded(shop.name, missing.item), 'items')
  return items.map(({ item, quantity }) => ({ item, quantity }))
}

const parseTime = (value: string | undefined) => (value === undefined ? undefined : new Date(value))

/** The open visit (traveling merchant, a weather) of this shop, if a report says it has not ended. */
async function openVisit(db: Db, game: StockGameId, shop: string, weather: string, at: Date) {
  const [row] = await db
    .select({ windowStart: stockReports.windowStart, windowEnd: stockReports.windowEnd })
    .from(stockReports)
    .where(
      and(
        eq(stockReports.gameId, game),
        eq(stockReports.shop, shop),
        eq(stockReports.weather, weather),
        isNull(stockReports.supersededAt),
        lt(stockReports.windowStart, at),
        gt(stockReports.windowEnd, at),
        withinVisitBounds,
      ),
    )
    .orderBy(desc(stockReports.windowStart))
    .limit(1)
  return row
}

/**
 * Checks a report against the game's shops, catalog and clock: the shop exists and is on, its items
 * are in the catalog, it was observed now (not in the future) and inside the current window. A clock
 * shop's window comes from its clock; a visit's from the report or the visit still open.
 */
export async function checkReport(deps: StockDeps, game: StockGameId, input: ReportInput, now: number) {
  const isWeather = input.shop === WEATHER_SHOP && game === 'grow-a-garden'
  const shops = await shopSettingsOf(deps, game)
  const shop:
    | Pick<ShopSettings, 'id' | 'name' | 'kind' | 'periodSeconds' | 'offsetSeconds' | 'enabled'>
    | undefined = isWeather
    ? {
        id: WEATHER_SHOP,
        name: 'Weather',
        kind: 'visit',
        periodSeconds: WEATHER_DEFAULT_SECONDS,
        offsetSeconds: 0,
        enabled: true,
      }
    : shops.find((s) => s.id === input.shop)
  if (!shop) throw badRequest(STOCK_MESSAGES.unknownShop(input.shop, game), 'shop')
  if (!shop.enabled) throw badRequest(STOCK_MESSAGES.shopOff(shop.name), 'shop')

  let weather = ''
  if (isWeather) {
    if (!input.weather) throw badRequest(STOCK_MESSAGES.weatherNeeded, 'weather')
    if (!isOwnKey(WEATHER, input.weather))
      throw badRequest(STOCK_MESSAGES.unknownWeather(input.weather), 'weather')
    if (input.items.length > 0) throw badRequest(STOCK_MESSAGES.noItemsForWeather, 'items')
    weather = input.weather
  } else if (input.weather !== undefined) {
    throw badRequest(`Only a weather report names a weather (shop "${WEATHER_SHOP}")`, 'weather')
  }
  const items = withQuantities(game, shop, await checkItems(deps, game, shop, input.items))

  const observedAt = parseTime(input.observedAt) ?? new Date(now)
  if (observedAt.getTime() > now + STOCK_LIMITS.futureSkewSeconds * 1000)
    throw badRequest(STOCK_MESSAGES.future, 'observedAt')

  let windowStart: Date
  let windowEnd: Date
  if (shop.kind === 'clock') {
    if (input.startsAt !== undefined || input.endsAt !== undefined)
      throw badRequest(`${shop.name} restocks on its clock: leave out startsAt and endsAt`, 'startsAt')
    const current = windowAt(shop, now)
    if (observedAt.getTime() < current.start || observedAt.getTime() >= current.end)
      throw badRequest(STOCK_MESSAGES.outsideWindow, 'observedAt')
    windowStart = new Date(current.start)
    windowEnd = new Date(current.end)
  } else {
    const given = parseTime(input.startsAt)
    const open = given ? undefined : await openVisit(deps.db, game, shop.id, weather, observedAt)
    windowStart = given ?? open?.windowStart ?? observedAt
    windowEnd =
      parseTime(input.endsAt) ??
      open?.windowEnd ??
      new Date(windowStart.getTime() + shop.periodSeconds * 1000)
    if (windowEnd <= windowStart) throw badRequest(STOCK_MESSAGES.endBeforeStart, 'endsAt')
    if (windowStart.getTime() > now + STOCK_LIMITS.futureSkewSeconds * 1000)
      throw badRequest('startsAt is in the future', 'startsAt')
    // A visit or weather is bounded as the game bounds it: begun today, over within hours.
    const label = isWeather ? `Weather "${weather}"` : shop.name
    if (windowStart.getTime() < now - STOCK_LIMITS.maxVisitAgeSeconds * 1000)
      throw badRequest(STOCK_MESSAGES.visitTooOld(label), 'startsAt')
    if (windowEnd.getTime() - windowStart.getTime() > STOCK_LIMITS.maxVisitSeconds * 1000)
      throw badRequest(STOCK_MESSAGES.visitTooLong(label), 'endsAt')
    if (observedAt < windowStart || observedAt >= windowEnd)
      throw badRequest(STOCK_MESSAGES.outsideWindow, 'observedAt')
  }
  return { shop: shop.id, weather, windowStart, windowEnd, observedAt, items } satisfies CheckedReport
}
