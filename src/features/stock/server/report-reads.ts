/**
 * Reading stored reports: the latest of each shop and the weather now, past reports page by page, and
 * what the pages tell of one item (when it was last in stock, how often, its odds).
 */
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import { findItemNotes, findItems } from '@/features/catalog/server/public'
import {
  hasWeather,
  oddsFromNotes,
  STOCK_MESSAGES,
  type StockItemStats,
  shopDefinition,
  shopHasQuantities,
  WEATHER_SHOP,
} from '@/features/stock/contract'
import { stockReports } from '@/features/stock/tables'
import type { Db } from '@/platform/server/db/client'
import { AppError } from '@/platform/server/lib/errors'
import type { StockGameId } from '@/shared/games'
import { badRequest, itemInfoOf, presentReport, type StockDeps, withinVisitBounds } from './reports'
import { shopSettingsOf } from './shops'

/** The latest report of each shop (weather aside), and the weather reports not yet over at `now`. */
export async function latestReports(db: Db, game: StockGameId, now: Date) {
  const shops = await db
    .selectDistinctOn([stockReports.shop])
    .from(stockReports)
    .where(
      and(
        eq(stockReports.gameId, game),
        ne(stockReports.shop, WEATHER_SHOP),
        isNull(stockReports.supersededAt),
      ),
    )
    .orderBy(stockReports.shop, desc(stockReports.windowStart), desc(stockReports.id))
  const weather = await db
    .select()
    .from(stockReports)
    .where(
      and(
        eq(stockReports.gameId, game),
        eq(stockReports.shop, WEATHER_SHOP),
        isNull(stockReports.supersededAt),
        gt(stockReports.windowEnd, now),
        withinVisitBounds,
      ),
    )
    .orderBy(stockReports.windowStart)
  return { shops, weather }
}

/** Past reports, newest first, paged by id: of a shop, of an item, or all (a shop or item the game lacks: 400). */
export async function reportHistory(
  deps: Pick<StockDeps, 'db' | 'cache'>,
  game: StockGameId,
  query: { shop?: string; item?: string; before: number; limit: number },
) {
  const { shop, item } = query
  if (shop !== undefined && !shopDefinition(game, shop) && !(shop === WEATHER_SHOP && hasWeather(game)))
    throw badRequest(STOCK_MESSAGES.unknownShop(shop, game), 'shop')
  if (item !== undefined && !(await findItems(deps, game, [item])).has(item))
    throw badRequest(STOCK_MESSAGES.unknownItems([item], game), 'item')
  const rows = await deps.db
    .select()
    .from(stockReports)
    .where(
      and(
        eq(stockReports.gameId, game),
        isNull(stockReports.supersededAt),
        lt(stockReports.id, query.before),
        query.shop ? eq(stockReports.shop, query.shop) : undefined,
        query.item
          ? sql`${stockReports.items} @> ${JSON.stringify([{ item: query.item }])}::jsonb`
          : undefined,
      ),
    )
    .orderBy(desc(stockReports.id))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  return {
    reports: page.map(presentReport),
    items: await itemInfoOf(deps, game, page),
    nextBefore: rows.length > query.limit ? page[page.length - 1]!.id : null,
  }
}

/** The newest report with the item, and how many reports had it in the last 7 days. */
export async function itemAppearances(db: Db, game: StockGameId, item: string) {
  const has = sql`${stockReports.items} @> ${JSON.stringify([{ item }])}::jsonb`
  const where = and(eq(stockReports.gameId, game), isNull(stockReports.supersededAt), has)
  const [last] = await db.select().from(stockReports).where(where).orderBy(desc(stockReports.id)).limit(1)
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stockReports)
    .where(and(where, gt(stockReports.windowStart, sql`now() - interval '7 days'`)))
  return { last, count }
}

/** Reports stored today (UTC), for the admin overview. */
export async function reportsToday(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stockReports)
    .where(gt(stockReports.createdAt, sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`))
  return row?.count ?? 0
}

/** When an item was last in stock, how often in the last 7 days, and its odds from game data. */
export async function itemStats(
  deps: Pick<StockDeps, 'db' | 'cache'>,
  game: StockGameId,
  itemId: string,
): Promise<StockItemStats> {
  const found = await findItemNotes({ db: deps.db, cache: deps.cache }, game, itemId)
  if (!found) throw new AppError('NOT_FOUND', 'Item not found')
  const shops = await shopSettingsOf(deps, game)
  const { last, count } = await itemAppearances(deps.db, game, itemId)
  const odds = oddsFromNotes(found.notes)
  // The shop whose clock the odds count in: the first clock shop that sells the item's category.
  const oddsShop = shops.find(
    (s) => s.kind === 'clock' && shopDefinition(game, s.id)?.categories.includes(found.item.category ?? ''),
  )
  return {
    item: itemId,
    lastSeen: last
      ? {
          at: last.observedAt.toISOString(),
          shop: last.shop,
          shopName: shops.find((s) => s.id === last.shop)?.name ?? last.shop,
          quantity: shopHasQuantities(game, last.shop)
            ? (last.items.find((i) => i.item === itemId)?.quantity ?? null)
            : null,
        }
      : null,
    appearancesLast7Days: count,
    odds: odds && oddsShop ? { ...odds, shop: oddsShop.id, periodSeconds: oddsShop.periodSeconds } : null,
  }
}
