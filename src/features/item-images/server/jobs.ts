import { and, asc, count, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import { type CatalogDeps, items } from '@/features/catalog/server/public'
import {
  ITEM_IMAGE_LIMITS,
  ITEM_IMAGE_MESSAGES,
  type ItemImageJob,
  isStudioGame,
  type JobCounts,
  type JobFailure,
  type JobStatus,
  type MissingImagesResponse,
  STUDIO_SOURCE,
  WIKI_SOURCES,
  wikiApiUrl,
} from '@/features/item-images/contract'
import { itemImageJobs, itemImageOrigins } from '@/features/item-images/tables'
import type { ImportProblem } from '@/features/value-ops/contract'
import { type ImportViewer, itemImageSources, storeItemImage } from '@/features/value-ops/server/public'
import type { Actor } from '@/platform/server/auth/session'
import type { AppDeps } from '@/platform/server/context'
import type { Env } from '@/platform/server/env'
import { recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import type { Logger } from '@/platform/server/lib/logger'
import { GAME_IDS, type GameId } from '@/shared/games'
import { fetchPicture, PictureRefused } from './pictures'
import { type FetchSettings, SourceFailure, studioPictures, wikiPictures } from './sources'

/** What an import needs: the catalog (pictures are stored through value-ops), the settings and the log. */
export interface ImageImportDeps extends CatalogDeps {
  env: Pick<
    Env,
    'PS99_API_URL' | 'PETSGO_API_URL' | 'ITEM_WIKI_API_URL' | 'ITEM_IMAGE_TEST_ORIGINS' | 'PUBLIC_URL'
  >
  logger: Logger
}

export const imageImportDepsOf = (deps: AppDeps): ImageImportDeps => ({
  db: deps.database.db,
  cache: deps.cache,
  env: deps.env,
  logger: deps.logger,
})

/** How often a running job tells the database it is alive (its progress is written at most once a second). */
const HEARTBEAT_MS = 30_000
const PROGRESS_MS = 1_000

/** The studio's API or the game's wiki, as the admin area names it. */
function sourceOf(env: ImageImportDeps['env'], game: GameId): string {
  if (isStudioGame(game)) return STUDIO_SOURCE.name
  if (!env.ITEM_WIKI_API_URL) return WIKI_SOURCES[game].name
  return new URL(wikiApiUrl(env.ITEM_WIKI_API_URL, game)).host
}

const zeroCounts = (): JobCounts => ({
  items: 0,
  found: 0,
  imported: 0,
  unchanged: 0,
  kept: 0,
  missing: 0,
  failed: 0,
})

type JobRow = typeof itemImageJobs.$inferSelect

function present(env: ImageImportDeps['env'], row: JobRow): ItemImageJob {
  return {
    id: row.id,
    game: row.gameId as GameId,
    status: row.status as JobStatus,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    counts: { ...zeroCounts(), ...row.counts },
    failures: row.failures,
    error: row.error,
    source: sourceOf(env, row.gameId as GameId),
  }
}

/** The jobs this process runs, so the server's stop can end them (stopItemImageImports). */
const running = new Map<number, { controller: AbortController; done: Promise<void> }>()

const isUniqueViolation = (error: unknown) => {
  const e = ((error as { cause?: unknown })?.cause ?? error) as { code?: string }
  return e?.code === '23505'
}

/** A running job whose server has not written for a while has stopped with it: it is marked so. */
async function endStaleJobs(deps: ImageImportDeps, game: GameId): Promise<void> {
  await deps.db
    .update(itemImageJobs)
    .set({ status: 'stopped', error: ITEM_IMAGE_MESSAGES.serverStopped, finishedAt: sql`now()` })
    .where(
      and(
        eq(itemImageJobs.gameId, game),
        eq(itemImageJobs.status, 'running'),
        lt(
          itemImageJobs.heartbeatAt,
          sql`now() - make_interval(secs => ${ITEM_IMAGE_LIMITS.staleAfterSeconds})`,
        ),
      ),
    )
}

/**
 * POST /api/admin/item-images/:game/import: a new job (one per game at a time, on every instance: 409
 * while one runs), recorded in the audit log with it, then run in this server in the background.
 */
export async function startImageImport(
  deps: ImageImportDeps,
  game: GameId,
  actor: Actor,
): Promise<ItemImageJob> {
  await endStaleJobs(deps, game)
  let row: JobRow
  try {
    row = await deps.db.transaction(async (tx) => {
      const [job] = await tx
        .insert(itemImageJobs)
        .values({ gameId: game, startedBy: actor.id, counts: zeroCounts() })
        .returning()
      await recordAudit(tx, {
        action: 'item-images.import',
        actor,
        detail: { game, job: job!.id },
        ip: actor.ip,
      })
      return job!
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ITEM_IMAGE_MESSAGES.running)
    throw error
  }
  const controller = new AbortController()
  const done = runJob(deps, row.id, game, controller.signal)
    .catch((error) => deps.logger.error({ err: error, game, job: row.id }, 'item picture import crashed'))
    .finally(() => running.delete(row.id))
  running.set(row.id, { controller, done })
  return present(deps.env, row)
}

/** Ends every import this process runs (the server's stop): each is written down as stopped. */
export async function stopItemImageImports(): Promise<void> {
  const jobs = [...running.values()]
  for (const job of jobs) job.controller.abort()
  await Promise.allSettled(jobs.map((job) => job.done))
}

/** Runs `work` on each entry, at most `limit` at once. */
async function eachAtMost<T>(entries: readonly T[], limit: number, work: (entry: T) => Promise<void>) {
  let next = 0
  const lane = async () => {
    while (next < entries.length) await work(entries[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, entries.length) }, lane))
}

/** One import: finds each item's picture at the source, fetches, re-encodes and stores the new ones. */
async function runJob(deps: ImageImportDeps, jobId: number, game: GameId, signal: AbortSignal) {
  const counts = zeroCounts()
  const failures: JobFailure[] = []
  let lastWrite = 0
  const write = async (end?: { status: JobStatus; error: string | null }) => {
    lastWrite = Date.now()
    await deps.db
      .update(itemImageJobs)
      .set({
        counts: { ...counts },
        failures: [...failures],
        heartbeatAt: sql`now()`,
        ...(end && { status: end.status, error: end.error, finishedAt: sql`now()` }),
      })
      .where(eq(itemImageJobs.id, jobId))
  }
  const heartbeat = setInterval(() => {
    write().catch(() => {})
  }, HEARTBEAT_MS)
  heartbeat.unref()
  const finish = (status: JobStatus, error: string | null = null) => write({ status, error })
  const settings: FetchSettings = {
    testOrigins: deps.env.ITEM_IMAGE_TEST_ORIGINS,
    signal,
    userAgent: `TradeHub item pictures (${deps.env.PUBLIC_URL})`,
  }
  try {
    const gameItems = await deps.db
      .select({ id: items.id, name: items.name, aliases: items.aliases })
      .from(items)
      .where(eq(items.gameId, game))
      .orderBy(asc(items.name))
    counts.items = gameItems.length
    const found = isStudioGame(game)
      ? await studioPictures(
          game === 'pet-simulator-99' ? deps.env.PS99_API_URL : deps.env.PETSGO_API_URL,
          game,
          gameItems,
          settings,
        )
      : await wikiPictures(wikiApiUrl(deps.env.ITEM_WIKI_API_URL, game), gameItems, settings)
    counts.found = found.size
    counts.missing = gameItems.length - found.size
    const sources = await itemImageSources(deps, game)
    const origins = new Map(
      (
        await deps.db
          .select({ itemId: itemImageOrigins.itemId, url: itemImageOrigins.url })
          .from(itemImageOrigins)
          .where(eq(itemImageOrigins.gameId, game))
      ).map((r) => [r.itemId, r.url]),
    )
    await write()
    const work = gameItems.filter((item) => found.has(item.id))
    await eachAtMost(work, ITEM_IMAGE_LIMITS.concurrency, async (item) => {
      if (signal.aborted) return
      const url = found.get(item.id)!
      const current = sources.get(item.id)
      if (current === 'upload') counts.kept++
      else if (current === 'import' && origins.get(item.id) === url) counts.unchanged++
      else {
        try {
          const bytes = await fetchPicture(url, settings)
          const stored = await storeItemImage(deps, game, item.id, bytes, { source: 'import' })
          if (!stored.stored) counts.kept++
          else {
            counts.imported++
            await deps.db
              .insert(itemImageOrigins)
              .values({ gameId: game, itemId: item.id, url })
              .onConflictDoUpdate({
                target: [itemImageOrigins.gameId, itemImageOrigins.itemId],
                set: { url, importedAt: sql`now()` },
              })
          }
        } catch (error) {
          if (signal.aborted) return
          const reason =
            error instanceof PictureRefused || (error instanceof AppError && error.status < 500)
              ? error.message
              : `The picture could not be stored (${(error as Error).message})`.slice(0, 300)
          if (!(error instanceof PictureRefused || error instanceof AppError))
            deps.logger.warn({ err: error, game, item: item.id }, 'item picture not stored')
          counts.failed++
          if (failures.length < ITEM_IMAGE_LIMITS.failuresKept)
            failures.push({ itemId: item.id, name: item.name, reason })
        }
      }
      if (Date.now() - lastWrite >= PROGRESS_MS) await write()
    })
    if (signal.aborted) await finish('stopped', ITEM_IMAGE_MESSAGES.serverStopped)
    else {
      await finish('finished')
      deps.logger.info({ game, job: jobId, ...counts }, 'item picture import done')
    }
  } catch (error) {
    if (signal.aborted) await finish('stopped', ITEM_IMAGE_MESSAGES.serverStopped)
    else {
      const reason =
        error instanceof SourceFailure
          ? error.message
          : `The import stopped unexpectedly (${(error as Error).message})`.slice(0, 300)
      deps.logger.warn({ game, job: jobId, reason }, 'item picture import failed')
      await finish('failed', reason)
    }
  } finally {
    clearInterval(heartbeat)
  }
}

/** GET …/:game/import/:id: one job of the game (404 for another game's or none). */
export async function getImageImport(deps: ImageImportDeps, game: GameId, id: number): Promise<ItemImageJob> {
  const [row] = await deps.db
    .select()
    .from(itemImageJobs)
    .where(and(eq(itemImageJobs.id, id), eq(itemImageJobs.gameId, game)))
  if (!row) throw new AppError('NOT_FOUND', ITEM_IMAGE_MESSAGES.notFound)
  return present(deps.env, row)
}

/** GET …/:game/import: the game's latest job, or null. */
export async function latestImageImport(deps: ImageImportDeps, game: GameId): Promise<ItemImageJob | null> {
  const [row] = await deps.db
    .select()
    .from(itemImageJobs)
    .where(eq(itemImageJobs.gameId, game))
    .orderBy(desc(itemImageJobs.id))
    .limit(1)
  return row ? present(deps.env, row) : null
}

/**
 * The games whose latest picture import failed as a whole (its source could not be read, or it stopped
 * unexpectedly), for the admin area's notices (value-ops' importProblems). Admins only, as the imports
 * themselves (requireAdmin on their routes); a job that ran but missed some pictures is no failure.
 */
export async function failedImageImports(
  deps: Pick<CatalogDeps, 'db'>,
  viewer: ImportViewer,
): Promise<ImportProblem[]> {
  if (!viewer.isAdmin) return []
  const latest = await deps.db
    .selectDistinctOn([itemImageJobs.gameId], {
      gameId: itemImageJobs.gameId,
      status: itemImageJobs.status,
      error: itemImageJobs.error,
      finishedAt: itemImageJobs.finishedAt,
    })
    .from(itemImageJobs)
    .orderBy(itemImageJobs.gameId, desc(itemImageJobs.id))
  const byGame = new Map(latest.map((row) => [row.gameId, row]))
  return GAME_IDS.flatMap((game): ImportProblem[] => {
    const job = byGame.get(game)
    if (job?.status !== 'failed' || !job.finishedAt) return []
    return [
      {
        kind: 'pictures',
        gameId: game,
        failedAt: job.finishedAt.toISOString(),
        reason: job.error ?? 'No reason was recorded',
        href: `/admin/values?game=${game}#item-pictures-${game}`,
      },
    ]
  })
}

/** GET …/:game/missing: the game's items on sale without a picture (a tile), by name, for the value team. */
export async function itemsWithoutPicture(
  deps: Pick<CatalogDeps, 'db'>,
  game: GameId,
): Promise<MissingImagesResponse> {
  const where = and(eq(items.gameId, game), isNull(items.imageFile), isNull(items.retiredAt))
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ id: items.id, name: items.name })
      .from(items)
      .where(where)
      .orderBy(asc(items.name))
      .limit(ITEM_IMAGE_LIMITS.missingPageSize),
    deps.db.select({ n: count() }).from(items).where(where),
  ])
  return { items: rows, total: total?.n ?? 0 }
}
