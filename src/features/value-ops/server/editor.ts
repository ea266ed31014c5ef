import { randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { normalizeTrend, type Trend } from '@/features/catalog/rules'
import { normalizeSearch } from '@/features/catalog/search'
import {
  applyItemChanges,
  type CatalogDeps,
  type ChangeMeta,
  createItem,
  items,
  setItemImage,
  setItemRetired,
} from '@/features/catalog/server/public'
import {
  type BulkResponse,
  type ItemEdit,
  type NewItem,
  VALUE_LIMITS,
  VALUE_MESSAGES,
} from '@/features/value-ops/contract'
import { itemImages } from '@/features/value-ops/tables'
import { AppError } from '@/platform/server/lib/errors'
import { checkImage, encodeSquareWebp, type ImageRefusals } from '@/platform/server/lib/images'
import { hitRateLimit, type Limit, refundRateLimit } from '@/platform/server/lib/rate-limit'
import { parseValue } from '@/shared/format-value'
import type { GameId } from '@/shared/games'
import { IMAGE_MESSAGES } from '@/shared/image-rules'

/** Who edits: the editor's user id (the change records name them). */
const editorMeta = (userId: string, reason: string): ChangeMeta => ({ by: userId, source: 'editor', reason })

/** PATCH /api/admin/items/:game/:item: one save, one change record. */
export async function editItem(
  catalog: CatalogDeps,
  gameId: GameId,
  itemId: string,
  userId: string,
  { reason, ...patch }: ItemEdit,
): Promise<{ changed: boolean }> {
  const { changed } = await applyItemChanges(catalog, gameId, [{ itemId, patch }], editorMeta(userId, reason))
  return { changed: changed.length > 0 }
}

/** The id of a new item: the one given, or its name as a slug. */
export const slugOf = (name: string) =>
  normalizeSearch(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)

/** POST /api/admin/items/:game: a new item (409 when its id is taken). */
export async function addNewItem(
  catalog: CatalogDeps,
  gameId: GameId,
  userId: string,
  { reason, id, ...fields }: NewItem,
): Promise<{ id: string }> {
  const itemId = id ?? slugOf(fields.name)
  if (!itemId) throw new AppError('VALIDATION_FAILED', 'Give the item a name with letters or digits')
  await createItem(catalog, gameId, { ...fields, id: itemId }, editorMeta(userId, reason))
  return { id: itemId }
}

/** POST /api/admin/items/:game/:item/retire (and restore). */
export function retireItem(
  catalog: CatalogDeps,
  gameId: GameId,
  itemId: string,
  userId: string,
  reason: string,
  retired = true,
): Promise<void> {
  return setItemRetired(catalog, gameId, itemId, retired, editorMeta(userId, reason))
}

const imageRefusals: ImageRefusals = {
  notImage: 'The image must be a PNG, JPEG or WebP picture',
  refuse: (message) => new AppError('VALIDATION_FAILED', message, { fields: { image: message } }),
}

/** Where an item's stored picture came from: the value team's upload, or an import of the game's own. */
export type ItemImageSource = 'upload' | 'import'

/** Thrown inside the write's transaction when an import meets a hand-uploaded picture: nothing is written. */
class UploadKept extends Error {}

/**
 * Keeps an item's re-encoded pictures (one per VALUE_LIMITS.imageSizes) under a new version, so its
 * address changes and caches stay right. An import never replaces a picture the value team uploaded by
 * hand: checked in the same transaction that locks the item (an upload meanwhile wins). False: kept.
 */
async function writeItemImage(
  catalog: CatalogDeps,
  gameId: GameId,
  itemId: string,
  pictures: readonly Buffer[],
  source: ItemImageSource,
): Promise<{ image: string } | null> {
  const version = randomBytes(6).toString('hex')
  const file = `${itemId}-${version}`
  try {
    await setItemImage(catalog, gameId, itemId, file, async (tx) => {
      const where = and(eq(itemImages.gameId, gameId), eq(itemImages.itemId, itemId))
      if (source === 'import') {
        const [current] = await tx
          .select({ source: itemImages.source })
          .from(itemImages)
          .where(where)
          .limit(1)
        if (current?.source === 'upload') throw new UploadKept()
      }
      await tx.delete(itemImages).where(where)
      await tx.insert(itemImages).values(
        VALUE_LIMITS.imageSizes.map((size, i) => ({
          gameId,
          itemId,
          size,
          version,
          source,
          bytes: pictures[i]!,
        })),
      )
    })
  } catch (error) {
    if (error instanceof UploadKept) return null
    throw error
  }
  return { image: `/uploads/items/${gameId}/${file}` }
}

/**
 * POST /api/admin/items/:game/:item/image: the upload is checked (size, signature, sides from its
 * header; these refusals cost nothing and do not count), counted against the editor's `limit`, decoded
 * and kept as 128 and 256 px WebP in the database, under a new version (so its address changes and
 * caches stay right).
 */
export async function uploadItemImage(
  catalog: CatalogDeps,
  gameId: GameId,
  itemId: string,
  userId: string,
  bytes: Uint8Array,
  limit: Limit,
): Promise<{ image: string }> {
  if (bytes.byteLength > VALUE_LIMITS.imageMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The image must be 2 MB or smaller')
  const checked = await checkImage(bytes, imageRefusals)
  const limitKey = `item-image:${userId}`
  await hitRateLimit(catalog.db, limitKey, limit, IMAGE_MESSAGES.tooManyUploads)
  // A picture that does not decode counts (decoding was the cost); a server too busy with others does not.
  const pictures = await encodeSquareWebp(checked, VALUE_LIMITS.imageSizes, 'contain', imageRefusals).catch(
    async (error) => {
      if (!(error instanceof AppError && error.status < 500))
        await refundRateLimit(catalog.db, limitKey).catch(() => {})
      throw error
    },
  )
  return (await writeItemImage(catalog, gameId, itemId, pictures, 'upload'))!
}

/**
 * Stores a picture for an item exactly as an upload is stored and served (the same checks before
 * decoding, the same WebP sizes, the same address): for other features' imports (item-images), which
 * bring their own bytes and limits. Throws the upload's refusals (a 400 AppError naming what is wrong);
 * `{ stored: false }` when the value team's own upload is kept.
 */
export async function storeItemImage(
  catalog: CatalogDeps,
  gameId: GameId,
  itemId: string,
  bytes: Uint8Array,
  { source }: { source: ItemImageSource },
): Promise<{ stored: true; image: string } | { stored: false; reason: 'upload-kept' }> {
  const checked = await checkImage(bytes, imageRefusals)
  const pictures = await encodeSquareWebp(checked, VALUE_LIMITS.imageSizes, 'contain', imageRefusals)
  const written = await writeItemImage(catalog, gameId, itemId, pictures, source)
  return written ? { stored: true, image: written.image } : { stored: false, reason: 'upload-kept' }
}

/** Where each of a game's stored pictures came from, by item id (items without one are not listed). */
export async function itemImageSources(
  catalog: Pick<CatalogDeps, 'db'>,
  gameId: GameId,
): Promise<Map<string, ItemImageSource>> {
  const rows = await catalog.db
    .selectDistinct({ itemId: itemImages.itemId, source: itemImages.source })
    .from(itemImages)
    .where(eq(itemImages.gameId, gameId))
  return new Map(rows.map((r) => [r.itemId, r.source as ItemImageSource]))
}

/** An item image at one size, when `file` (`<item>-<version>-<size>.webp`) names the current one. */
export async function readItemImage(
  catalog: CatalogDeps,
  gameId: GameId,
  file: string,
): Promise<Buffer | null> {
  const match = /^([a-z0-9-]{1,120})-([0-9a-f]{12})-(\d{3})\.webp$/.exec(file)
  if (!match) return null
  const [, itemId, version, size] = match
  const [row] = await catalog.db
    .select({ bytes: itemImages.bytes })
    .from(itemImages)
    .where(
      and(
        eq(itemImages.gameId, gameId),
        eq(itemImages.itemId, itemId!),
        eq(itemImages.size, Number(size)),
        eq(itemImages.version, version!),
      ),
    )
  return row?.bytes ?? null
}

interface BulkRow {
  line: number
  id: string
  value: number
  demand?: number
  trend?: string | null
}

/** A number as a CSV cell writes it: digits with an optional point and exponent, nothing else. */
const NUMBER_CELL = /^\d+(\.\d+)?(e\+?\d+)?$/i

/** The cells of one CSV line: a cell in double quotes may hold commas ("1,500,000"; "" is a quote). */
function cellsOf(text: string): string[] {
  const cells: string[] = []
  const cell = /\s*(?:"((?:[^"]|"")*)"|([^,]*?))\s*(?:,|$)/y
  while (cell.lastIndex < text.length) {
    const start = cell.lastIndex
    const match = cell.exec(text)
    if (!match || cell.lastIndex === start) return [text] // an unclosed quote: one cell, refused below
    cells.push(match[1] === undefined ? (match[2] ?? '') : match[1].replaceAll('""', '"').trim())
  }
  if (text.endsWith(',')) cells.push('')
  return cells
}

/** One line of a bulk update as a row, or what is wrong with it. */
function parseLine(text: string, line: number): BulkRow | string {
  const cells = cellsOf(text)
  const [id = '', value = '', demand = '', trend = ''] = cells
  if (cells.length < 2 || cells.length > 4) return 'expected id,value or id,value,demand,trend'
  if (!/^[a-z0-9-]{1,120}$/.test(id)) return `"${id.slice(0, 40)}" is not an item id`
  const amount = parseValue(value)
  if (!amount.ok) return `value: ${amount.problem}`
  if (amount.value < 0 || amount.value > VALUE_LIMITS.maxValue) return 'value must be a number from 0 to 1e30'
  const row: BulkRow = { line, id, value: amount.value }
  if (demand !== '') {
    if (!NUMBER_CELL.test(demand) || Number(demand) > VALUE_LIMITS.maxDemand)
      return `demand must be from 0 to ${VALUE_LIMITS.maxDemand}`
    row.demand = Number(demand)
  }
  if (trend !== '') {
    const mapped = normalizeTrend(trend)
    if (mapped === undefined) return `unknown trend "${trend.slice(0, 40)}"`
    row.trend = mapped
  }
  return row
}

/** Reads `id,value[,demand,trend]` lines (a first line `id,…` is a header): each row, or its line's problem. */
export function parseBulkCsv(csv: string): { rows: BulkRow[]; invalid: BulkResponse['invalid'] } {
  const rows: BulkRow[] = []
  const invalid: BulkResponse['invalid'] = []
  const firstLine = new Map<string, number>()
  const lines = csv.split(/\r\n|\n|\r/)
  if (lines.length > VALUE_LIMITS.bulkRowsMax + 1)
    throw new AppError('VALIDATION_FAILED', `A bulk update has at most ${VALUE_LIMITS.bulkRowsMax} rows`)
  for (const [index, text] of lines.entries()) {
    const line = index + 1
    if (text.trim() === '' || (line === 1 && /^\s*"?id"?\s*,/i.test(text))) continue
    const row = parseLine(text, line)
    const first = typeof row === 'string' ? undefined : firstLine.get(row.id)
    if (typeof row === 'string') invalid.push({ line, problem: row })
    else if (first !== undefined) invalid.push({ line, problem: `${row.id} is already on line ${first}` })
    else {
      firstLine.set(row.id, line)
      rows.push(row)
    }
  }
  return { rows, invalid }
}

/**
 * POST /api/admin/items/:game/bulk: the dry run says what would change; applying changes every row in
 * one transaction with one reason, or nothing at all when any row is unknown or invalid.
 */
export async function bulkUpdate(
  catalog: CatalogDeps,
  gameId: GameId,
  userId: string,
  request: { csv: string; reason: string; dryRun: boolean },
): Promise<BulkResponse> {
  const { rows, invalid } = parseBulkCsv(request.csv)
  const ids = rows.map((r) => r.id)
  const current =
    ids.length === 0
      ? []
      : await catalog.db
          .select({
            id: items.id,
            name: items.name,
            value: items.value,
            demand: items.demand,
            trend: items.trend,
            retiredAt: items.retiredAt,
          })
          .from(items)
          .where(and(eq(items.gameId, gameId), inArray(items.id, ids)))
  const byId = new Map(current.map((r) => [r.id, r]))
  const result: BulkResponse = {
    dryRun: request.dryRun,
    applied: false,
    changed: [],
    unchanged: [],
    unknown: [],
    invalid,
  }
  for (const row of rows) {
    const item = byId.get(row.id)
    if (!item) {
      result.unknown.push({ line: row.line, id: row.id })
      continue
    }
    if (item.retiredAt) {
      invalid.push({ line: row.line, problem: `${item.name} is retired` })
      continue
    }
    const next = {
      value: row.value,
      demand: row.demand ?? item.demand,
      trend: row.trend === undefined ? item.trend : row.trend,
    }
    const old = { value: item.value, demand: item.demand, trend: item.trend }
    if (next.value === old.value && next.demand === old.demand && next.trend === old.trend)
      result.unchanged.push({ line: row.line, id: row.id })
    else result.changed.push({ line: row.line, id: row.id, name: item.name, old, new: next })
  }
  invalid.sort((a, b) => a.line - b.line)
  if (request.dryRun) return result
  if (result.invalid.length > 0 || result.unknown.length > 0) {
    const first = [
      ...result.invalid.map((r) => `line ${r.line}: ${r.problem}`),
      ...result.unknown.map((r) => `line ${r.line}: unknown item ${r.id}`),
    ].slice(0, 3)
    throw new AppError('VALIDATION_FAILED', `${VALUE_MESSAGES.bulkNotApplied} (${first.join('; ')})`)
  }
  if (result.changed.length > 0)
    await applyItemChanges(
      catalog,
      gameId,
      result.changed.map((c) => ({
        itemId: c.id,
        patch: { value: c.new.value, demand: c.new.demand, trend: c.new.trend as Trend | null },
      })),
      editorMeta(userId, request.reason),
    )
  return { ...result, applied: true }
}
