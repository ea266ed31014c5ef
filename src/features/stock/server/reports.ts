import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import { profiles } from '@/features/accounts/tables'
import { type CatalogDeps, findItemNotes, findItems } from '@/features/catalog/server/public'
import {
  COMMUNITY_LISTS,
  type CommunityStock,
  communityStockSchema,
  hasWeather,
  oddsFromNotes,
  type ShopSettings,
  STOCK_LIMITS,
  STOCK_MESSAGES,
  type StockItemInfo,
  type StockItemStats,
  type StockReport,
  type StockReportResult,
  shopDefinition,
  slugOf,
  stockReportRequestSchema,
  WEATHER,
  WEATHER_DEFAULT_SECONDS,
  WEATHER_SHOP,
  windowAt,
} from '@/features/stock/contract'
import { stockReports } from '@/features/stock/tables'
import type { Db } from '@/platform/server/db/client'
import { type DbOrTx, recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import { recordSiteEvent } from '@/platform/server/lib/site-events'
import { validationError } from '@/platform/server/lib/validate'
import { STOCK_GAME_NAMES, type StockGameId } from '@/shared/games'
import { isOwnKey } from '@/shared/lookup'
import { shopSettingsOf } from './shops'

export interface StockDeps {
  db: Db
  cache: ReadCache
  /** Tells every instance (this one too) that a game's stock changed. */
  announce(game: StockGameId): Promise<void>
}

/** Who reports: a stock manager (by session) or a bot (by ingest token). */
export type Reporter =
  | { kind: 'manager'; userId: string; email: string; name: string; ip: string }
  | { kind: 'bot'; tokenId: number; name: string }

/** One shop's stock, checked: what a report stores. */
interface CheckedReport {
  shop: string
  weather: string
  windowStart: Date
  windowEnd: Date
  observedAt: Date
  items: { item: string; quantity: number }[]
}

/** Our shape of a report, before its window is known. */
export interface ReportInput {
  shop: string
  items: { item: string; quantity: number }[]
  observedAt?: string
  weather?: string
  startsAt?: string
  endsAt?: string
}

type ReportRow = typeof stockReports.$inferSelect

export function presentReport(row: ReportRow): StockReport {
  return {
    id: row.id,
    shop: row.shop,
    windowStart: row.windowStart.toISOString(),
    windowEnd: row.windowEnd.toISOString(),
    observedAt: row.observedAt.toISOString(),
    reportedAt: row.createdAt.toISOString(),
    source: { kind: row.tokenId === null ? 'manager' : 'bot', name: row.sourceName },
    corrected: row.corrected,
    weather: row.weather || null,
    items: row.items,
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

const catalog = (deps: StockDeps): CatalogDeps => ({ db: deps.db, cache: deps.cache })

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

const badRequest = (message: string, field?: string) =>
  new AppError('VALIDATION_FAILED', message, field ? { fields: { [field]: message } } : {})

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
  const found = await findItems(catalog(deps), game, [...seen])
  const unknown = [...seen].filter((id) => !found.has(id))
  if (unknown.length > 0) throw badRequest(STOCK_MESSAGES.unknownItems(unknown, game), 'items')
  const sells = shopDefinition(game, shop.id)?.categories ?? []
  const notSold = [...seen]
    .map((id) => ({ id, category: found.get(id)?.category ?? null }))
    .filter((item) => item.category === null || !sells.includes(item.category))
  if (notSold.length > 0) throw badRequest(STOCK_MESSAGES.notSold(shop.name, notSold), 'items')
  return [...items].sort((a, b) => a.item.localeCompare(b.item))
}

const parseTime = (value: string | undefined) => (value === undefined ? undefined : new Date(value))

/** A visit or weather no longer than reports may give (one stored before they were checked is left out). */
const withinVisitBounds = sql`${stockReports.windowEnd} - ${stockReports.windowStart} <= make_interval(secs => ${STOCK_LIMITS.maxVisitSeconds})`

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
async function checkReport(deps: StockDeps, game: StockGameId, input: ReportInput, now: number) {
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
  const items = await checkItems(deps, game, shop, input.items)

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

const fingerprintOf = (report: CheckedReport) =>
  `${report.weather}|${report.windowEnd.toISOString()}|${report.items.map((i) => `${i.item}:${i.quantity}`).join(',')}`

/**
 * Stores a checked report. Within one transaction, holding the window's advisory lock (two instances
 * or two bots post at once): the same stock again changes nothing; other stock replaces the window's
 * report (kept, marked superseded) and is marked corrected.
 */
async function store(deps: StockDeps, game: StockGameId, report: CheckedReport, reporter: Reporter) {
  const fingerprint = fingerprintOf(report)
  return deps.db.transaction(async (tx) => {
    const key = `stock:${game}:${report.shop}:${report.weather}:${report.windowStart.toISOString()}`
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
    const [current] = await tx
      .select()
      .from(stockReports)
      .where(
        and(
          eq(stockReports.gameId, game),
          eq(stockReports.shop, report.shop),
          eq(stockReports.weather, report.weather),
          eq(stockReports.windowStart, report.windowStart),
          isNull(stockReports.supersededAt),
        ),
      )
    if (current && current.fingerprint === fingerprint) return { row: current, created: false }
    if (current) {
      await tx.update(stockReports).set({ supersededAt: sql`now()` }).where(eq(stockReports.id, current.id))
    }
    const [row] = await tx
      .insert(stockReports)
      .values({
        gameId: game,
        ...report,
        fingerprint,
        reporterId: reporter.kind === 'manager' ? reporter.userId : null,
        tokenId: reporter.kind === 'bot' ? reporter.tokenId : null,
        sourceName: reporter.name,
        corrected: Boolean(current),
      })
      .returning()
    if (current && reporter.kind === 'manager') await auditCorrection(tx, game, current.id, row!, reporter)
    if (row!.items.length > 0) await recordRestock(tx, game, row!)
    return { row: row!, created: true }
  })
}

/** Alerts follow the report: its items are in the shop's window now (exactly once per user and window). */
function recordRestock(tx: DbOrTx, game: StockGameId, row: ReportRow) {
  return recordSiteEvent(tx, {
    kind: 'restock',
    game,
    payload: {
      reportId: row.id,
      shop: row.shop,
      windowStart: row.windowStart.toISOString(),
      windowEnd: row.windowEnd.toISOString(),
      items: row.items,
    },
  })
}

function auditCorrection(
  tx: DbOrTx,
  game: StockGameId,
  replaced: number,
  row: ReportRow,
  reporter: Extract<Reporter, { kind: 'manager' }>,
) {
  return recordAudit(tx, {
    action: 'stock.correct',
    actor: { id: reporter.userId, email: reporter.email },
    detail: { game, shop: row.shop, report: row.id, replaced },
    ip: reporter.ip,
  })
}

/** A report in our shape: 201 when new, 200 when it was the current stock already. */
export async function postReport(
  deps: StockDeps,
  game: StockGameId,
  input: ReportInput,
  reporter: Reporter,
  now = Date.now(),
): Promise<StockReportResult> {
  const checked = await checkReport(deps, game, input, now)
  const { row, created } = await store(deps, game, checked, reporter)
  if (created) await deps.announce(game)
  return { report: presentReport(row), created }
}

/** A bot item id or name as one of the catalog's ids ("Green_Apple" → "green-apple"). */
function catalogIdOf(item: { item_id: string; display_name?: string }, known: Map<string, unknown>): string {
  const byId = slugOf(item.item_id)
  if (known.has(byId) || !item.display_name) return byId
  const byName = slugOf(item.display_name)
  return known.has(byName) ? byName : byId
}

/**
 * A post in the community bots' shape: each list is one shop's report (eggs are slots: the same egg
 * twice adds up), weather as weather reports. Every list is checked before any is stored.
 */
export async function postCommunityReport(
  deps: StockDeps,
  game: StockGameId,
  body: CommunityStock,
  reporter: Reporter,
  now = Date.now(),
): Promise<StockReportResult[]> {
  if (game !== 'grow-a-garden')
    throw badRequest(
      `The bot lists (seed_stock, …) are Grow a Garden's: post { shop, items } for ${STOCK_GAME_NAMES[game]}`,
    )
  const lists = Object.entries(COMMUNITY_LISTS).flatMap(([key, shop]) => {
    const value = body[key as keyof typeof COMMUNITY_LISTS]
    if (value === undefined) return []
    return [{ shop, list: Array.isArray(value) ? value : value.stock }]
  })
  const weather = (body.weather ?? []).filter((w) => w.active !== false)
  if (lists.length === 0 && weather.length === 0) throw badRequest(STOCK_MESSAGES.emptyCommunityReport)

  const allIds = lists.flatMap(({ list }) =>
    list.flatMap((i) => [slugOf(i.item_id), slugOf(i.display_name ?? '')]),
  )
  const known = await findItems(catalog(deps), game, allIds.filter(Boolean))
  const inputs: ReportInput[] = lists.map(({ shop, list }) => {
    const quantities = new Map<string, number>()
    for (const entry of list) {
      const id = catalogIdOf(entry, known)
      quantities.set(id, Math.min(STOCK_LIMITS.maxQuantity, (quantities.get(id) ?? 0) + entry.quantity))
    }
    return { shop, items: [...quantities].map(([item, quantity]) => ({ item, quantity })) }
  })
  for (const w of weather) {
    inputs.push({
      shop: WEATHER_SHOP,
      items: [],
      weather: w.weather_id,
      ...(w.start_duration_unix !== undefined && {
        startsAt: new Date(w.start_duration_unix * 1000).toISOString(),
      }),
      ...(w.end_duration_unix !== undefined && {
        endsAt: new Date(w.end_duration_unix * 1000).toISOString(),
      }),
    })
  }
  const checked = []
  for (const input of inputs) checked.push(await checkReport(deps, game, input, now))
  const results: StockReportResult[] = []
  for (const report of checked) {
    const { row, created } = await store(deps, game, report, reporter)
    results.push({ report: presentReport(row), created })
  }
  if (results.some((r) => r.created)) await deps.announce(game)
  return results
}

/**
 * A report body in either shape: ours (`shop`, `items`) or the community bots' lists. `created`: some
 * report was new (201), else all were the current stock already (200).
 */
export async function postReportBody(
  deps: StockDeps,
  game: StockGameId,
  body: Record<string, unknown>,
  reporter: Reporter,
): Promise<{ created: boolean; answer: StockReportResult | { results: StockReportResult[] } }> {
  const communityShape = Object.keys(body).some((key) => isOwnKey(COMMUNITY_LISTS, key) || key === 'weather')
  if (!('shop' in body) && !communityShape) throw badRequest(STOCK_MESSAGES.emptyCommunityReport)
  if ('shop' in body) {
    const parsed = stockReportRequestSchema.safeParse(body)
    if (!parsed.success) throw validationError(parsed.error)
    const result = await postReport(deps, game, parsed.data, reporter)
    return { created: result.created, answer: result }
  }
  const parsed = communityStockSchema.safeParse(body)
  if (!parsed.success) throw validationError(parsed.error)
  const results = await postCommunityReport(deps, game, parsed.data, reporter)
  return { created: results.some((r) => r.created), answer: { results } }
}

// --- Reads --------------------------------------------------------------------------------------------

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
          quantity: last.items.find((i) => i.item === itemId)?.quantity ?? 0,
        }
      : null,
    appearancesLast7Days: count,
    odds: odds && oddsShop ? { ...odds, shop: oddsShop.id, periodSeconds: oddsShop.periodSeconds } : null,
  }
}
