import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { IMPORT_GAMES, type ImportGameId } from '@/features/catalog/rules'
import { normalizeSearch } from '@/features/catalog/search'
import {
  applyItemChanges,
  type CatalogDeps,
  type ItemPatch,
  items,
  writeExistCounts,
} from '@/features/catalog/server/public'
import {
  type ImportCount,
  type ImportProblem,
  type ImportStatus,
  VALUE_LIMITS,
  VALUE_MESSAGES,
} from '@/features/value-ops/contract'
import { valueImports } from '@/features/value-ops/tables'
import type { Services } from '@/platform/server/context'
import type { Db } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import { callHook, type HookDeps } from '@/platform/server/hooks'
import { AppError } from '@/platform/server/lib/errors'
import type { Logger } from '@/platform/server/lib/logger'
import { type ImportViewer, importProblems } from './hooks'

/** How long each request to the official API may take. */
export const IMPORT_FETCH_TIMEOUT_MS = 15_000
/** How long a claimed run holds its game: a run of an instance that died is taken over after it. */
export const IMPORT_LEASE_SECONDS = 300
/** The unknown names kept for the Imports section. */
export const UNKNOWN_ITEMS_MAX = 200

/** What the import needs: the catalog (values are written through it), the settings and the log. */
export interface ImportDeps extends CatalogDeps {
  env: Pick<Env, 'PS99_API_URL' | 'PETSGO_API_URL' | 'VALUE_IMPORT_INTERVAL_MINUTES'>
  logger: Logger
  /** IMPORT_FETCH_TIMEOUT_MS unless a test says otherwise. */
  timeoutMs?: number
}

/** The import's dependencies from the house's services (or a request's). */
export const importDepsOf = ({
  database,
  cache,
  env,
  logger,
}: Pick<Services, 'database' | 'cache' | 'env' | 'logger'>): ImportDeps => ({
  db: database.db,
  cache,
  env,
  logger,
})

const apiBase = (env: ImportDeps['env'], game: ImportGameId) =>
  game === 'pet-simulator-99' ? env.PS99_API_URL : env.PETSGO_API_URL

/** The variants of a pet in the official API: `pt` 1 golden, 2 rainbow; `sh` shiny. */
function variantOf(config: Record<string, unknown>): string | null {
  for (const key of Object.keys(config)) if (key !== 'id' && key !== 'pt' && key !== 'sh') return null
  const { pt, sh } = config
  if (pt !== undefined && pt !== 1 && pt !== 2) return null
  if (sh !== undefined && typeof sh !== 'boolean') return null
  const base = pt === 1 ? 'golden' : pt === 2 ? 'rainbow' : 'normal'
  if (!sh) return base
  return base === 'normal' ? 'shiny' : `${base}-shiny`
}

/** One entry of `/api/rap` or `/api/exists`, as far as the import reads it. */
const entrySchema = z.object({
  category: z.string(),
  configData: z.record(z.string(), z.unknown()).and(z.object({ id: z.string().min(1).max(200) })),
  value: z.number().min(0).max(VALUE_LIMITS.maxValue),
})
type Entry = z.infer<typeof entrySchema>

/** Why a run failed, in the words the Imports section shows. */
class ImportFailure extends Error {}

/** The entries of one list of the official API; anything but a 2xx with `{ status: "ok", data: [...] }` fails. */
async function fetchList(
  base: string,
  path: '/api/rap' | '/api/exists',
  timeoutMs: number,
): Promise<unknown[]> {
  let res: Response
  try {
    res = await fetch(`${base}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError')
      throw new ImportFailure(`${path} did not answer within ${Math.round(timeoutMs / 1000)} s`)
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    throw new ImportFailure(
      `${path} could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`,
    )
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new ImportFailure(`${path} answered HTTP ${res.status}`)
  }
  let body: unknown
  try {
    body = await res.json()
  } catch {
    throw new ImportFailure(`${path} did not answer JSON`)
  }
  const head = z.object({ status: z.unknown() }).safeParse(body)
  if (!head.success) throw new ImportFailure(`${path} answered a shape the import does not know`)
  if (head.data.status !== 'ok')
    throw new ImportFailure(`${path} answered status ${JSON.stringify(head.data.status)?.slice(0, 60)}`)
  const list = z.object({ data: z.array(z.unknown()) }).safeParse(body)
  if (!list.success) throw new ImportFailure(`${path} answered a shape the import does not know`)
  return list.data.data
}

/** Reads the entries it knows; when a non-empty list has none, the shape has changed: the run fails. */
function readEntries(path: string, data: unknown[]): { entries: Entry[]; unreadable: number } {
  const entries: Entry[] = []
  for (const raw of data) {
    const entry = entrySchema.safeParse(raw)
    if (entry.success) entries.push(entry.data)
  }
  if (entries.length === 0)
    throw new ImportFailure(
      data.length === 0 ? `${path} answered no entries` : `${path} answered a shape the import does not know`,
    )
  return { entries, unreadable: data.length - entries.length }
}

interface CatalogItem {
  id: string
  variants: Record<string, number | null> | null
  retired: boolean
}

/** The game's items by normalised name, then by normalised other name. */
async function itemsByName(db: Db, game: ImportGameId): Promise<Map<string, CatalogItem>> {
  const rows = await db
    .select({
      id: items.id,
      name: items.name,
      aliases: items.aliases,
      variants: items.variants,
      retiredAt: items.retiredAt,
    })
    .from(items)
    .where(eq(items.gameId, game))
  const byName = new Map<string, CatalogItem>()
  const entries = rows.map((r) => ({
    row: r,
    item: { id: r.id, variants: r.variants, retired: !!r.retiredAt },
  }))
  for (const { row, item } of entries) byName.set(normalizeSearch(row.name), item)
  for (const { row, item } of entries)
    for (const alias of row.aliases) {
      const key = normalizeSearch(alias)
      if (!byName.has(key)) byName.set(key, item)
    }
  return byName
}

/** Our catalog carries Huge and Titanic pets: only unknown names of that kind are listed for editors. */
const isCarriedKind = (entry: Entry) =>
  entry.category === 'Pet' && /^(huge|titanic) /i.test(entry.configData.id.trim())

type Counts = Record<ImportCount, number>

/** The prices and counts of the API, mapped to our items and variants. */
function mapEntries(rap: unknown[], exists: unknown[], byName: Map<string, CatalogItem>) {
  const counts: Counts = {
    fetched: rap.length,
    matched: 0,
    changed: 0,
    unchanged: 0,
    unknown: 0,
    skipped: 0,
    exists: 0,
  }
  const prices = new Map<string, { item: CatalogItem; variants: Record<string, number> }>()
  const unknown = new Set<string>()
  const read = readEntries('/api/rap', rap)
  counts.skipped += read.unreadable
  for (const entry of read.entries) {
    const item = entry.category === 'Pet' ? byName.get(normalizeSearch(entry.configData.id)) : undefined
    const variant = variantOf(entry.configData)
    if (!item) {
      if (variant && isCarriedKind(entry)) unknown.add(entry.configData.id.trim())
      else counts.skipped++
      continue
    }
    const found = prices.get(item.id) ?? { item, variants: {} }
    if (!variant || item.retired || variant in found.variants) {
      counts.skipped++
      continue
    }
    found.variants[variant] = entry.value
    prices.set(item.id, found)
    counts.matched++
  }
  // An unknown name is counted once, whatever variants the API has of it.
  counts.unknown = unknown.size

  const existCounts = new Map<string, Record<string, number>>()
  for (const raw of exists) {
    const entry = entrySchema.safeParse(raw)
    if (!entry.success || entry.data.category !== 'Pet' || !Number.isInteger(entry.data.value)) continue
    const item = byName.get(normalizeSearch(entry.data.configData.id))
    const variant = variantOf(entry.data.configData)
    if (!item || !variant) continue
    const given = existCounts.get(item.id) ?? {}
    given[variant] = entry.data.value
    existCounts.set(item.id, given)
  }
  counts.exists = existCounts.size
  return { counts, prices, unknown: [...unknown].sort().slice(0, UNKNOWN_ITEMS_MAX), existCounts }
}

/** What an item's prices change: its value (the normal variant, stored only as the value) and its other variants' values. */
function patchOf(item: CatalogItem, found: Record<string, number>): ItemPatch {
  const { normal, ...others } = found
  const patch: ItemPatch = {}
  if (normal !== undefined) patch.value = normal
  // Our keys keep their order (changes are told by comparing the JSON); new ones come after.
  if (item.variants || Object.keys(others).length > 0)
    patch.variants = { ...(item.variants ?? {}), ...others }
  return patch
}

export interface ImportOutcome {
  ok: boolean
  result: string
  counts: Counts | null
  /** null: the list of the last good run stays. */
  unknownItems: string[] | null
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/**
 * One import of a game: fetches the prices and the exist counts, maps them to the game's items and
 * writes them in one transaction (a change record with source official-rap per changed item, each
 * value given marked as checked now). Any failure changes nothing and is logged once.
 */
export async function runImport(deps: ImportDeps, game: ImportGameId): Promise<ImportOutcome> {
  const base = apiBase(deps.env, game)
  const timeoutMs = deps.timeoutMs ?? IMPORT_FETCH_TIMEOUT_MS
  try {
    const [rap, exists] = await Promise.all([
      fetchList(base, '/api/rap', timeoutMs),
      fetchList(base, '/api/exists', timeoutMs),
    ])
    const mapped = mapEntries(rap, exists, await itemsByName(deps.db, game))
    const patches = [...mapped.prices.values()].map(({ item, variants }) => ({
      itemId: item.id,
      patch: patchOf(item, variants),
    }))
    const { changed, unchanged } = await applyItemChanges(
      deps,
      game,
      patches,
      { by: null, source: 'official-rap', reason: 'Official price import', confirmSource: true },
      async (tx) => {
        await writeExistCounts(tx, game, mapped.existCounts)
      },
    )
    const counts = { ...mapped.counts, changed: changed.length, unchanged: unchanged.length }
    deps.logger.info({ game, ...counts }, 'official price import done')
    return {
      ok: true,
      result:
        changed.length === 0 ? 'No value changed' : `${plural(changed.length, 'value', 'values')} changed`,
      counts,
      unknownItems: mapped.unknown,
    }
  } catch (error) {
    const reason =
      error instanceof ImportFailure
        ? error.message
        : `The prices could not be written (${(error as Error).message})`.slice(0, 300)
    deps.logger.warn({ game, reason, url: base }, 'official price import failed')
    return { ok: false, result: reason, counts: null, unknownItems: null }
  }
}

/** Every import game has its row (a new one is due at once); rows that exist are left alone. */
export async function ensureImportRows(db: Db): Promise<void> {
  await db
    .insert(valueImports)
    .values(IMPORT_GAMES.map((gameId) => ({ gameId })))
    .onConflictDoNothing()
}

/**
 * Claims a game's import for this instance: only when no other run holds it (a lease that ran out is
 * free) and, for the schedule, only when it is due. The lease's end is the claim's token (to the
 * millisecond, as a Date holds it). Null: not claimed.
 */
export async function claimImport(
  db: Db,
  game: ImportGameId,
  { due }: { due: boolean },
): Promise<Date | null> {
  const free = or(isNull(valueImports.leaseUntil), lt(valueImports.leaseUntil, sql`now()`))
  const [row] = await db
    .update(valueImports)
    .set({
      leaseUntil: sql`date_trunc('milliseconds', now() + make_interval(secs => ${IMPORT_LEASE_SECONDS}))`,
      lastStartedAt: sql`now()`,
    })
    .where(
      and(eq(valueImports.gameId, game), free, due ? lte(valueImports.nextRunAt, sql`now()`) : undefined),
    )
    .returning({ leaseUntil: valueImports.leaseUntil })
  return row?.leaseUntil ?? null
}

/** Writes what a run did, frees the game and, when the schedule is on, sets the next run an interval on. */
export async function finishImport(
  deps: ImportDeps,
  game: ImportGameId,
  lease: Date,
  outcome: ImportOutcome,
): Promise<void> {
  const minutes = deps.env.VALUE_IMPORT_INTERVAL_MINUTES
  await deps.db
    .update(valueImports)
    .set({
      leaseUntil: null,
      lastFinishedAt: sql`now()`,
      lastOk: outcome.ok,
      lastResult: outcome.result,
      lastCounts: outcome.counts,
      ...(outcome.unknownItems && { unknownItems: outcome.unknownItems }),
      ...(minutes > 0 && { nextRunAt: sql`now() + make_interval(mins => ${minutes})` }),
    })
    .where(and(eq(valueImports.gameId, game), eq(valueImports.leaseUntil, lease)))
}

/** Claims, runs and finishes one game's import; false when it was not claimed. */
async function claimAndRun(deps: ImportDeps, game: ImportGameId, due: boolean): Promise<boolean> {
  const lease = await claimImport(deps.db, game, { due })
  if (!lease) return false
  let outcome: ImportOutcome | undefined
  try {
    outcome = await runImport(deps, game)
  } finally {
    await finishImport(
      deps,
      game,
      lease,
      outcome ?? { ok: false, result: 'The import stopped unexpectedly', counts: null, unknownItems: null },
    )
  }
  return true
}

/** The schedule's round: every game whose import is due and free runs here (one instance each). */
export async function runDueImports(deps: ImportDeps, loop?: { readonly stopped: boolean }): Promise<void> {
  for (const game of IMPORT_GAMES) {
    if (loop?.stopped) return
    await claimAndRun(deps, game, true)
  }
}

/** Import now (POST /api/admin/imports/:game/run): runs in the request, answers the new status. */
export async function importNow(deps: ImportDeps, game: ImportGameId): Promise<ImportStatus> {
  await ensureImportRows(deps.db)
  if (!(await claimAndRun(deps, game, false))) throw new AppError('CONFLICT', VALUE_MESSAGES.importRunning)
  const [status] = await listImports(deps, [game])
  return status!
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The status of these games' imports, in the order given (a game never run yet has an empty one). */
export async function listImports(deps: ImportDeps, games: readonly ImportGameId[]): Promise<ImportStatus[]> {
  if (games.length === 0) return []
  const rows = await deps.db
    .select({
      row: valueImports,
      running: sql<boolean>`coalesce(${valueImports.leaseUntil} > now(), false)`,
    })
    .from(valueImports)
    .where(inArray(valueImports.gameId, [...games]))
  const byGame = new Map(rows.map((r) => [r.row.gameId, r]))
  const scheduled = deps.env.VALUE_IMPORT_INTERVAL_MINUTES > 0
  return games.map((gameId) => {
    const found = byGame.get(gameId)
    const row = found?.row
    return {
      gameId,
      scheduled,
      running: found?.running ?? false,
      lastStartedAt: iso(row?.lastStartedAt ?? null),
      lastFinishedAt: iso(row?.lastFinishedAt ?? null),
      ok: row?.lastOk ?? null,
      result: row?.lastResult ?? null,
      counts: row?.lastCounts ?? null,
      nextRunAt: scheduled ? iso(row?.nextRunAt ?? null) : null,
      unknownItems: row?.unknownItems ?? [],
    }
  })
}

/** The games whose price import this staff member sees and runs: the import games they edit (admins: all). */
export const importGamesOf = (viewer: ImportViewer): ImportGameId[] =>
  IMPORT_GAMES.filter((game) => viewer.valueEditorGames.includes(game))

/**
 * The imports that need this staff member's attention (GET /api/admin/imports/attention): the price
 * imports of their games whose last run failed, then the failed imports of higher features they may
 * run again (importProblems: a game's pictures, for admins). An import that failed and then ran well
 * is no longer listed.
 */
export async function importsNeedingAttention(
  deps: HookDeps,
  viewer: ImportViewer,
): Promise<ImportProblem[]> {
  const games = importGamesOf(viewer)
  const failed =
    games.length === 0
      ? []
      : await deps.db
          .select({
            gameId: valueImports.gameId,
            result: valueImports.lastResult,
            finishedAt: valueImports.lastFinishedAt,
          })
          .from(valueImports)
          .where(and(inArray(valueImports.gameId, games), eq(valueImports.lastOk, false)))
  const byGame = new Map(failed.map((row) => [row.gameId, row]))
  const prices = games.flatMap((gameId): ImportProblem[] => {
    const row = byGame.get(gameId)
    if (!row?.finishedAt) return []
    return [
      {
        kind: 'prices',
        gameId,
        failedAt: row.finishedAt.toISOString(),
        reason: row.result ?? 'No reason was recorded',
        href: `/admin/imports#import-${gameId}`,
      },
    ]
  })
  const others = await callHook(importProblems, deps, viewer)
  return [...prices, ...others.flat()]
}
