/**
 * What a stock report is, for the modules that check, store and read reports: who reports, the shape
 * a report is given in, how it is shown, and the small pieces they share.
 */
import { eq, sql } from 'drizzle-orm'
import { profiles } from '@/features/accounts/server/public'
import { type CatalogDeps, findItems } from '@/features/catalog/server/public'
import {
  STOCK_LIMITS,
  type StockItemInfo,
  type StockReport,
  shopHasQuantities,
} from '@/features/stock/contract'
import { stockReports } from '@/features/stock/tables'
import type { Db } from '@/platform/server/db/client'
import { AppError } from '@/platform/server/lib/errors'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import { isStockGame, type StockGameId } from '@/shared/games'

export interface StockDeps {
  db: Db
  cache: ReadCache
  /** Tells every instance (this one too) that a game's stock changed. */
  announce(game: StockGameId): Promise<void>
}

/**
 * Who reports: a stock manager (by session), a bot (by ingest token) or the upstream game feed (the feed
 * worker). All three write through the same path (`report-writes.ts`).
 */
export type Reporter =
  | { kind: 'manager'; userId: string; email: string; name: string; ip: string }
  | { kind: 'bot'; tokenId: number; name: string }
  | { kind: 'feed'; name: string }

/** Our shape of a report, before its window is known. */
export interface ReportInput {
  shop: string
  items: { item: string; quantity?: number }[]
  observedAt?: string
  weather?: string
  startsAt?: string
  endsAt?: string
}

export type ReportRow = typeof stockReports.$inferSelect

/**
 * A report as the API answers it: each item's quantity, or null at a shop without quantities (a report
 * stored before they were dropped there answers none either).
 */
export function presentReport(row: ReportRow): StockReport {
  const counted = isStockGame(row.gameId) && shopHasQuantities(row.gameId, row.shop)
  return {
    id: row.id,
    shop: row.shop,
    windowStart: row.windowStart.toISOString(),
    windowEnd: row.windowEnd.toISOString(),
    observedAt: row.observedAt.toISOString(),
    reportedAt: row.createdAt.toISOString(),
    source: { kind: row.source, name: row.sourceName },
    corrected: row.corrected,
    weather: row.weather || null,
    items: row.items.map(({ item, quantity }) => ({ item, quantity: counted ? (quantity ?? null) : null })),
  }
}

/** How the pages name a manager who reports: their username (the start of the e-mail before one is chosen). */
export async function reporterName(db: Db, user: { id: string; email: string }): Promise<string> {
  const [row] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, user.id))
  return row?.username ?? user.email.split('@')[0]!
}

/** The catalog's dependencies, out of the stock's. */
export const catalogOf = (deps: Pick<StockDeps, 'db' | 'cache'>): CatalogDeps => ({
  db: deps.db,
  cache: deps.cache,
})

/** The catalog facts of the items in these reports. */
export async function itemInfoOf(
  deps: Pick<StockDeps, 'db' | 'cache'>,
  game: StockGameId,
  reports: readonly { items: readonly { item: string }[] }[],
): Promise<Record<string, StockItemInfo>> {
  const ids = [...new Set(reports.flatMap((r) => r.items.map((i) => i.item)))]
  if (ids.length === 0) return {}
  const found = await findItems({ db: deps.db, cache: deps.cache }, game, ids)
  const info: Record<string, StockItemInfo> = {}
  for (const [id, item] of found) {
    info[id] = {
      name: item.name,
      category: item.category,
      rarity: item.rarity,
      inGamePrice: item.inGamePrice,
      robuxPrice: item.robuxPrice,
      value: item.value,
      image: item.image,
    }
  }
  return info
}

/** A 400 that says what is wrong, naming the field when there is one. */
export const badRequest = (message: string, field?: string) =>
  new AppError('VALIDATION_FAILED', message, field ? { fields: { [field]: message } } : {})

/** A visit or weather no longer than reports may give (one stored before they were checked is left out). */
export const withinVisitBounds = sql`${stockReports.windowEnd} - ${stockReports.windowStart} <= make_interval(secs => ${STOCK_LIMITS.maxVisitSeconds})`
