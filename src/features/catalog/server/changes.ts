import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { defaultVariantOf, storedVariants } from '@/features/catalog/rules'
import { normalizeSearch } from '@/features/catalog/search'
import { items, itemValueChanges } from '@/features/catalog/tables'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { recordSiteEvent } from '@/platform/server/lib/site-events'
import type { GameId } from '@/shared/games'
import { CATALOG_CACHE_PREFIX, type CatalogDeps } from './service'

type ItemRow = typeof items.$inferSelect

/** An item's fields the value team edits (the value team's contract validates them). */
export type ItemFields = Pick<
  ItemRow,
  | 'name'
  | 'value'
  | 'variants'
  | 'demand'
  | 'trend'
  | 'category'
  | 'rarity'
  | 'inGamePrice'
  | 'robuxPrice'
  | 'notes'
  | 'aliases'
>

/** What changes: any of an item's editable fields (absent: unchanged; null: cleared). */
export type ItemPatch = Partial<ItemFields>

/** Who changes it, why, and from which source (written on every change record). */
export interface ChangeMeta {
  /** The user who made the change (null: an import). */
  by: string | null
  /** 'editor' | 'official-rap' | 'suggestion' | 'catalog' (tests name their own). */
  source: string
  reason: string | null
  suggestionId?: number
  /**
   * The source confirmed every value given, changed or not: its time is written on each item (an
   * hourly import marks the values it found unchanged as checked now).
   */
  confirmSource?: boolean
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The fields a patch really changes, with their old and new values. */
function diff(row: ItemRow, patch: ItemPatch): Record<string, { old: unknown; new: unknown }> {
  const changes: Record<string, { old: unknown; new: unknown }> = {}
  for (const [field, next] of Object.entries(patch) as [keyof ItemFields, unknown][]) {
    if (next === undefined || same(row[field], next)) continue
    changes[field] = { old: row[field], new: next }
  }
  return changes
}

/**
 * One number for an item's value and its default variant (decision 024): a patch that gives the default
 * variant among the variants (an API client sending back what it read) gives the value. When it also
 * gives a different value, the variant's number must be the old value (the value changed); otherwise
 * the two disagree and nothing is written.
 */
export function foldDefaultVariant(gameId: GameId, current: number | null, patch: ItemPatch): ItemPatch {
  const key = defaultVariantOf(gameId)
  if (key === undefined || !patch.variants || !Object.hasOwn(patch.variants, key)) return patch
  const given = patch.variants[key] ?? null
  const variants = storedVariants(gameId, patch.variants)
  if (patch.value === undefined) return { ...patch, value: given, variants }
  if (given !== patch.value && given !== current) {
    const message = `value and variants.${key} are one number: give it once, as value`
    throw new AppError('VALIDATION_FAILED', message, { fields: { value: message } })
  }
  return { ...patch, variants }
}

/** Locks the items of these ids in one game (in id order, so two writers never deadlock). */
async function lockItems(tx: DbOrTx, gameId: GameId, ids: string[]): Promise<Map<string, ItemRow>> {
  const rows = await tx
    .select()
    .from(items)
    .where(and(eq(items.gameId, gameId), inArray(items.id, ids)))
    .orderBy(asc(items.id))
    .for('update')
  return new Map(rows.map((r) => [r.id, r]))
}

/** Writes one item's change and its record (and the site event of a value change). Null: nothing changed. */
async function writeChange(
  tx: DbOrTx,
  row: ItemRow,
  patch: ItemPatch,
  meta: ChangeMeta,
): Promise<number | null> {
  const changes = diff(row, patch)
  const where = and(eq(items.gameId, row.gameId), eq(items.id, row.id))
  if (Object.keys(changes).length === 0) {
    if (meta.confirmSource)
      await tx.update(items).set({ valueSource: meta.source, valueSourceAt: sql`now()` }).where(where)
    return null
  }
  const valueChanged = 'value' in changes || 'variants' in changes
  const set: Partial<typeof items.$inferInsert> = { updatedAt: sql`now()` as unknown as Date }
  for (const [field, { new: next }] of Object.entries(changes)) (set as Record<string, unknown>)[field] = next
  if ('name' in changes) set.searchName = normalizeSearch(String(patch.name))
  if (valueChanged || meta.confirmSource) {
    set.valueSource = meta.source
    set.valueSourceAt = sql`now()` as unknown as Date
  }
  if (valueChanged) set.valueChangedAt = sql`now()` as unknown as Date
  await tx.update(items).set(set).where(where)

  const { value: _v, variants: _vs, ...otherFields } = changes
  const newValue = patch.value === undefined ? row.value : patch.value
  const newVariants = patch.variants === undefined ? row.variants : patch.variants
  const [record] = await tx
    .insert(itemValueChanges)
    .values({
      gameId: row.gameId,
      itemId: row.id,
      oldValue: row.value,
      newValue,
      oldVariants: row.variants,
      newVariants,
      changedBy: meta.by,
      source: meta.source,
      reason: meta.reason,
      fields: Object.keys(otherFields).length > 0 ? otherFields : null,
      suggestionId: meta.suggestionId ?? null,
    })
    .returning({ id: itemValueChanges.id })
  if (valueChanged)
    await recordSiteEvent(tx, {
      kind: 'value-change',
      game: row.gameId as GameId,
      payload: { changeId: record!.id, item: row.id, oldValue: row.value, newValue },
    })
  return record!.id
}

/**
 * Changes items of one game in one transaction: each item whose fields really change gets its row
 * updated and one change record (who, why, old and new of each field), which is also a point of its
 * history; a value change is a site event for alerts. Every item must exist (404 otherwise) and not be
 * retired (409). `alongside` runs in the same transaction. Every instance drops its cached catalog at
 * commit.
 */
export async function applyItemChanges(
  deps: CatalogDeps,
  gameId: GameId,
  patches: { itemId: string; patch: ItemPatch }[],
  meta: ChangeMeta,
  alongside?: (tx: DbOrTx, changeIds: Map<string, number>) => Promise<void>,
): Promise<{ changed: string[]; unchanged: string[] }> {
  const result = await deps.db.transaction(async (tx) => {
    const rows = await lockItems(
      tx,
      gameId,
      patches.map((p) => p.itemId),
    )
    const changeIds = new Map<string, number>()
    const unchanged: string[] = []
    for (const { itemId, patch } of patches) {
      const row = rows.get(itemId)
      if (!row) throw new AppError('NOT_FOUND', `Item not found: ${itemId}`)
      if (row.retiredAt) throw new AppError('CONFLICT', `${row.name} is retired`)
      const id = await writeChange(tx, row, foldDefaultVariant(gameId, row.value, patch), meta)
      if (id === null) unchanged.push(itemId)
      else changeIds.set(itemId, id)
    }
    await alongside?.(tx, changeIds)
    if (changeIds.size > 0 || meta.confirmSource) await deps.cache.invalidate(CATALOG_CACHE_PREFIX, tx)
    return { changed: [...changeIds.keys()], unchanged }
  })
  return result
}

/**
 * Adds an item with its fields and, when it has a value, its first history point. 409 when the id is
 * taken in that game.
 */
export async function createItem(
  deps: CatalogDeps,
  gameId: GameId,
  item: ItemPatch & { id: string; name: string },
  meta: ChangeMeta,
  alongside?: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  const { id, name, ...fields } = foldDefaultVariant(gameId, null, item) as typeof item
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(items)
      .values({
        ...fields,
        gameId,
        id,
        name,
        searchName: normalizeSearch(name),
        valueSource: fields.value == null ? null : meta.source,
        valueSourceAt: fields.value == null ? null : sql`now()`,
        valueChangedAt: fields.value == null ? null : sql`now()`,
      })
      .onConflictDoNothing()
      .returning({ id: items.id })
    if (rows.length === 0) throw new AppError('CONFLICT', `An item with the id ${id} already exists`)
    await tx.insert(itemValueChanges).values({
      gameId,
      itemId: id,
      oldValue: null,
      newValue: fields.value ?? null,
      newVariants: fields.variants ?? null,
      changedBy: meta.by,
      source: meta.source,
      reason: meta.reason,
      fields: { name: { old: null, new: name } },
    })
    await alongside?.(tx)
    await deps.cache.invalidate(CATALOG_CACHE_PREFIX, tx)
  })
}

/**
 * Retires an item (or restores it): it leaves lists, pickers and search; its page and share links
 * that hold it still open and say so. The change is a record of its own. 409 when already so.
 */
export async function setItemRetired(
  deps: CatalogDeps,
  gameId: GameId,
  itemId: string,
  retired: boolean,
  meta: ChangeMeta,
  alongside?: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = (await lockItems(tx, gameId, [itemId])).get(itemId)
    if (!row) throw new AppError('NOT_FOUND', 'Item not found')
    if ((row.retiredAt !== null) === retired)
      throw new AppError(
        'CONFLICT',
        retired ? `${row.name} is already retired` : `${row.name} is not retired`,
      )
    await tx
      .update(items)
      .set({ retiredAt: retired ? sql`now()` : null, updatedAt: sql`now()` })
      .where(and(eq(items.gameId, gameId), eq(items.id, itemId)))
    await tx.insert(itemValueChanges).values({
      gameId,
      itemId,
      oldValue: row.value,
      newValue: row.value,
      oldVariants: row.variants,
      newVariants: row.variants,
      changedBy: meta.by,
      source: meta.source,
      reason: meta.reason,
      fields: { retired: { old: !retired, new: retired } },
    })
    await alongside?.(tx)
    await deps.cache.invalidate(CATALOG_CACHE_PREFIX, tx)
  })
}

/** Sets (or clears) an item's image file; the previous file's name is returned so it can be removed. */
export async function setItemImage(
  deps: CatalogDeps,
  gameId: GameId,
  itemId: string,
  file: string | null,
  alongside?: (tx: DbOrTx) => Promise<void>,
): Promise<{ previous: string | null }> {
  const previous = await deps.db.transaction(async (tx) => {
    const row = (await lockItems(tx, gameId, [itemId])).get(itemId)
    if (!row) throw new AppError('NOT_FOUND', 'Item not found')
    await tx
      .update(items)
      .set({ imageFile: file, updatedAt: sql`now()` })
      .where(and(eq(items.gameId, gameId), eq(items.id, itemId)))
    await alongside?.(tx)
    await deps.cache.invalidate(CATALOG_CACHE_PREFIX, tx)
    return row.imageFile
  })
  return { previous }
}

/** Changes one item's value (and variants): a shorthand of applyItemChanges. */
export async function changeItemValue(
  deps: CatalogDeps,
  change: {
    gameId: GameId
    itemId: string
    value: number | null
    variants?: Record<string, number | null> | null
    changedBy: string | null
    source: string
    reason?: string
  },
): Promise<{ changed: boolean }> {
  const { changed } = await applyItemChanges(
    deps,
    change.gameId,
    [{ itemId: change.itemId, patch: { value: change.value, variants: change.variants } }],
    { by: change.changedBy, source: change.source, reason: change.reason ?? null },
  )
  return { changed: changed.length > 0 }
}

/**
 * Writes how many of each item exist in the game, per variant (official counts: not an editable field,
 * so no change record), in the caller's transaction; items whose counts are the same are not touched.
 * The caller drops the cached catalog (applyItemChanges does when this runs alongside it).
 */
export async function writeExistCounts(
  tx: DbOrTx,
  gameId: GameId,
  counts: ReadonlyMap<string, Record<string, number>>,
): Promise<number> {
  if (counts.size === 0) return 0
  const byItem = JSON.stringify(Object.fromEntries(counts))
  const updated = await tx.execute(sql`
    update ${items} set exist_counts = given.counts
    from jsonb_each(${byItem}::jsonb) as given(item_id, counts)
    where ${items.gameId} = ${gameId} and ${items.id} = given.item_id
      and ${items.existCounts} is distinct from given.counts
    returning ${items.id}`)
  return updated.rows.length
}
