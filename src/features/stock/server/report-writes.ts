/**
 * Storing checked reports, one window at a time, in either shape a report is posted in: ours
 * (`shop`, `items`) or the community bots' lists. A new report tells the live pages and the alerts.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { findItems } from '@/features/catalog/server/public'
import {
  COMMUNITY_LISTS,
  type CommunityStock,
  communityStockSchema,
  STOCK_FEED,
  STOCK_LIMITS,
  STOCK_MESSAGES,
  type StockReportResult,
  slugOf,
  stockReportRequestSchema,
  WEATHER_SHOP,
} from '@/features/stock/contract'
import { stockReports } from '@/features/stock/tables'
import { type DbOrTx, recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { recordSiteEvent } from '@/platform/server/lib/site-events'
import { validationError } from '@/platform/server/lib/validate'
import { STOCK_GAME_NAMES, type StockGameId } from '@/shared/games'
import { isOwnKey } from '@/shared/lookup'
import { type CheckedReport, checkReport } from './report-checks'
import {
  badRequest,
  catalogOf,
  presentReport,
  type Reporter,
  type ReportInput,
  type ReportRow,
  type StockDeps,
} from './reports'

/** The stock as one string: the same items (and quantities, where the shop has them) are the same stock. */
const fingerprintOf = (report: CheckedReport) =>
  `${report.weather}|${report.windowEnd.toISOString()}|${report.items.map((i) => (i.quantity === undefined ? i.item : `${i.item}:${i.quantity}`)).join(',')}`

/**
 * A stock manager's report of a window wins over the game feed's: the feed never replaces it (its read
 * is dropped), while a manager's later report replaces the feed's like any correction.
 */
export const feedGivesWay = (current: Pick<ReportRow, 'source'> | undefined, reporter: Reporter): boolean =>
  reporter.kind === 'feed' && current?.source === 'manager'

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
    if (feedGivesWay(current, reporter)) return { row: current!, created: false }
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
        source: reporter.kind,
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

/**
 * The game feed's reports (the feed worker mapped their items to the catalog already): each checked and
 * stored through the same path as a manager's or a bot's, so alerts, the bot's /track posts and the live
 * pages follow. A report the checks refuse (a shop switched off, an item the shop does not sell) is
 * returned with its reason, the others are stored. One announcement for all.
 */
export async function postFeedReports(
  deps: StockDeps,
  game: StockGameId,
  inputs: readonly ReportInput[],
  now: number,
): Promise<{ input: ReportInput; result?: StockReportResult; refused?: string }[]> {
  const reporter: Reporter = { kind: 'feed', name: STOCK_FEED.sourceName }
  const outcomes: { input: ReportInput; result?: StockReportResult; refused?: string }[] = []
  for (const input of inputs) {
    try {
      const checked = await checkReport(deps, game, input, now)
      const { row, created } = await store(deps, game, checked, reporter)
      outcomes.push({ input, result: { report: presentReport(row), created } })
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error
      outcomes.push({ input, refused: error.message })
    }
  }
  if (outcomes.some((o) => o.result?.created)) await deps.announce(game)
  return outcomes
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
  const known = await findItems(catalogOf(deps), game, allIds.filter(Boolean))
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
