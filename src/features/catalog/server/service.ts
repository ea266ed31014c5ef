import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm'
import type {
  ChangesResponse,
  Game,
  Item,
  ItemDetailResponse,
  ItemListQuery,
  ItemListResponse,
  ItemSummary,
  SearchResponse,
  ValuePoint,
} from '@/features/catalog/contract'
import { changePercent, variantsWithDefault } from '@/features/catalog/rules'
import { matchItem, normalizeSearch, searchAliases } from '@/features/catalog/search'
import { games, items, itemValueChanges } from '@/features/catalog/tables'
import type { Db } from '@/platform/server/db/client'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { catalogDir } from '@/platform/server/lib/paths'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import type { GameId } from '@/shared/games'
import { readCatalogIndex } from './catalog-file'

export interface CatalogDeps {
  db: Db
  cache: ReadCache
}

/** Every cache key of the catalog starts so; a value write drops them all. */
export const CATALOG_CACHE_PREFIX = 'catalog:'

/** An item with what search reads: its name and its other names, normalised. */
type IndexedItem = ItemSummary & { searchName: string; searchAliases: string[] }

/** What only the item page shows. */
type ItemExtras = Pick<Item, 'notes' | 'aliases' | 'valueSource' | 'valueSourceAt' | 'existCounts'>

/** Where an item's image is served from, without its size suffix. */
export const itemImagePath = (gameId: string, file: string) => `/uploads/items/${gameId}/${file}`

/** A game's items held in memory: list, search and sort run here, not in a query per request. */
interface GameSnapshot {
  game: Game
  /** The items lists and search show: every item but the retired ones. */
  items: IndexedItem[]
  /** Every item, retired ones too (item pages and share links open them). */
  byId: Map<string, IndexedItem>
  extras: Map<string, ItemExtras>
  categories: string[]
  rarities: string[]
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * The public words for each game's starting values and their date, from catalog/index.json (shipped with
 * the code, read once). Where the values came from stays in the catalog's files and README, never public.
 */
let startingValuesByGame: Promise<Map<string, Game['startingValues']>> | undefined
function loadStartingValues() {
  startingValuesByGame ??= readCatalogIndex(catalogDir).then(
    (index) =>
      new Map(
        index.games.map((g) => [
          g.file.replace(/\.json$/, ''),
          { basis: g.startingValues, asOf: g.valuesAsOf },
        ]),
      ),
    (error: unknown) => {
      startingValuesByGame = undefined
      throw error
    },
  )
  return startingValuesByGame
}

/**
 * Each game's value sources: per source, when it last changed a value or variant of one of its items
 * (a record of other fields only is left out), latest first. One grouped read of the change records.
 */
async function loadValueSources(db: Db): Promise<Map<string, Game['valueSources']>> {
  const lastAt = max(itemValueChanges.changedAt)
  const rows = await db
    .select({ gameId: itemValueChanges.gameId, source: itemValueChanges.source, lastAt })
    .from(itemValueChanges)
    .where(
      sql`(${itemValueChanges.oldValue} is distinct from ${itemValueChanges.newValue} or ${itemValueChanges.oldVariants} is distinct from ${itemValueChanges.newVariants})`,
    )
    .groupBy(itemValueChanges.gameId, itemValueChanges.source)
    .orderBy(desc(lastAt), asc(itemValueChanges.source))
  const byGame = new Map<string, Game['valueSources']>()
  for (const row of rows) {
    if (!row.lastAt) continue
    const sources = byGame.get(row.gameId) ?? []
    sources.push({ source: row.source, lastAt: new Date(row.lastAt).toISOString() })
    byGame.set(row.gameId, sources)
  }
  return byGame
}

async function loadGames(db: Db): Promise<Game[]> {
  const [startingValues, valueSources] = await Promise.all([loadStartingValues(), loadValueSources(db)])
  const rows = await db
    .select({
      id: games.id,
      name: games.name,
      currency: games.currency,
      valueUnit: games.valueUnit,
      variantLabels: games.variantLabels,
      itemCount: count(items.id),
      valuedCount: count(items.value),
      lastValueChangeAt: max(items.valueChangedAt),
    })
    .from(games)
    .leftJoin(items, eq(items.gameId, games.id))
    .groupBy(games.id)
    .orderBy(asc(games.position))
  return rows.map((r) => ({
    ...r,
    id: r.id as GameId,
    startingValues: startingValues.get(r.id) ?? null,
    lastValueChangeAt: r.lastValueChangeAt ? new Date(r.lastValueChangeAt).toISOString() : null,
    valueSources: valueSources.get(r.id) ?? [],
  }))
}

export function listGames({ db, cache }: CatalogDeps): Promise<Game[]> {
  return cache.value(`${CATALOG_CACHE_PREFIX}games`, () => loadGames(db))
}

async function loadSnapshot(deps: CatalogDeps, gameId: GameId): Promise<GameSnapshot> {
  const game = (await listGames(deps)).find((g) => g.id === gameId)
  if (!game) throw new AppError('NOT_FOUND', 'Unknown game')
  const [rows, lastChanges] = await Promise.all([
    deps.db.select().from(items).where(eq(items.gameId, gameId)),
    loadLastValueChanges(deps.db, gameId),
  ])
  const extras = new Map<string, ItemExtras>()
  const all: IndexedItem[] = rows.map((row) => {
    extras.set(row.id, {
      notes: row.notes,
      aliases: row.aliases,
      valueSource: row.valueSource,
      valueSourceAt: iso(row.valueSourceAt),
      existCounts: row.existCounts,
    })
    return {
      gameId,
      id: row.id,
      name: row.name,
      searchName: row.searchName,
      searchAliases: searchAliases(gameId, row.id, row.aliases),
      category: row.category,
      rarity: row.rarity,
      value: row.value,
      variants: variantsWithDefault(gameId, row.value, row.variants),
      demand: row.demand,
      trend: row.trend,
      inGamePrice: row.inGamePrice,
      robuxPrice: row.robuxPrice,
      valueChangedAt: iso(row.valueChangedAt),
      lastChange: lastChanges.get(row.id) ?? null,
      image: row.imageFile && itemImagePath(gameId, row.imageFile),
      retired: row.retiredAt !== null,
    }
  })
  const list = all.filter((i) => !i.retired)
  const distinct = (pick: (i: IndexedItem) => string | null) =>
    [...new Set(list.map(pick).filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b))
  return {
    game,
    items: list,
    byId: new Map(all.map((i) => [i.id, i])),
    extras,
    categories: distinct((i) => i.category),
    rarities: distinct((i) => i.rarity),
  }
}

/** The last change of each item's value in a game (a change of other fields only is left out). */
async function loadLastValueChanges(db: Db, gameId: GameId): Promise<Map<string, ItemSummary['lastChange']>> {
  const rows = await db
    .selectDistinctOn([itemValueChanges.itemId], {
      itemId: itemValueChanges.itemId,
      oldValue: itemValueChanges.oldValue,
      newValue: itemValueChanges.newValue,
      at: itemValueChanges.changedAt,
    })
    .from(itemValueChanges)
    .where(
      and(
        eq(itemValueChanges.gameId, gameId),
        sql`${itemValueChanges.oldValue} is distinct from ${itemValueChanges.newValue}`,
        sql`${itemValueChanges.source} <> 'catalog'`,
      ),
    )
    .orderBy(itemValueChanges.itemId, desc(itemValueChanges.changedAt), desc(itemValueChanges.id))
  return new Map(
    rows.map((r) => [r.itemId, { percent: changePercent(r.oldValue, r.newValue), at: r.at.toISOString() }]),
  )
}

function snapshot(deps: CatalogDeps, gameId: GameId): Promise<GameSnapshot> {
  return deps.cache.value(`${CATALOG_CACHE_PREFIX}snapshot:${gameId}`, () => loadSnapshot(deps, gameId))
}

/** Nulls last in every order. */
const byNullableDesc = (a: number | null, b: number | null) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : b - a
const byName = (a: IndexedItem, b: IndexedItem) => a.name.localeCompare(b.name)

type Comparator = (a: IndexedItem, b: IndexedItem) => number

const COMPARATORS: Record<ItemListQuery['sort'], Comparator> = {
  value: (a, b) => byNullableDesc(a.value, b.value) || byName(a, b),
  name: byName,
  demand: (a, b) => byNullableDesc(a.demand, b.demand) || byNullableDesc(a.value, b.value) || byName(a, b),
  changed: (a, b) =>
    byNullableDesc(
      a.valueChangedAt ? Date.parse(a.valueChangedAt) : null,
      b.valueChangedAt ? Date.parse(b.valueChangedAt) : null,
    ) || byName(a, b),
}

/**
 * How well an item's name or other names match a normalised query, the game's variant words included
 * (`nfr frost`, see `matchItem`); null: no match.
 */
const rankOf = (item: IndexedItem, q: string) =>
  matchItem(item.gameId, [item.searchName, ...item.searchAliases], Object.keys(item.variants ?? {}), q)
    ?.rank ?? null

/**
 * Items whose name contains every word of the query (case- and accent-insensitive, partial words),
 * exact names first, then names that start with the query, then the rest; each group in `sort` order.
 * Only when no name holds the query are names a typo away offered ("drgon" finds Dragon).
 */
function searchIn(
  list: IndexedItem[],
  query: string | undefined,
  sort: ItemListQuery['sort'],
): IndexedItem[] {
  const q = normalizeSearch(query ?? '')
  const compare = COMPARATORS[sort]
  if (!q) return [...list].sort(compare)
  const ranked = list.flatMap((item) => {
    const rank = rankOf(item, q)
    return rank === null ? [] : [{ item, rank }]
  })
  const exact = ranked.filter((r) => r.rank < 3)
  return (exact.length > 0 ? exact : ranked)
    .sort((a, b) => a.rank - b.rank || compare(a.item, b.item))
    .map((r) => r.item)
}

const present = ({ searchName: _, searchAliases: __, ...item }: IndexedItem): ItemSummary => item

export async function listItems(
  deps: CatalogDeps,
  gameId: GameId,
  query: ItemListQuery,
): Promise<ItemListResponse> {
  const snap = await snapshot(deps, gameId)
  const facets = { categories: snap.categories, rarities: snap.rarities }
  if (query.ids) {
    const missing = query.ids.filter((id) => !snap.byId.has(id))
    if (missing.length > 0) {
      const message = `Unknown items in ${snap.game.name}: ${missing.join(', ')}`
      throw new AppError('VALIDATION_FAILED', message, { fields: { ids: missing.join(',') } })
    }
    const found = query.ids.map((id) => present(snap.byId.get(id)!))
    return { gameId, items: found, total: found.length, page: 1, pageSize: found.length, facets }
  }
  if (query.category && !snap.categories.includes(query.category)) {
    throw new AppError('VALIDATION_FAILED', `Unknown category "${query.category}" for ${snap.game.name}`, {
      fields: { category: `one of ${snap.categories.join(', ')}` },
    })
  }
  if (query.rarity && !snap.rarities.includes(query.rarity)) {
    throw new AppError('VALIDATION_FAILED', `Unknown rarity "${query.rarity}" for ${snap.game.name}`, {
      fields: { rarity: `one of ${snap.rarities.join(', ')}` },
    })
  }
  const filtered = searchIn(
    snap.items.filter(
      (i) =>
        (!query.category || i.category === query.category) && (!query.rarity || i.rarity === query.rarity),
    ),
    query.search,
    query.sort,
  )
  const start = (query.page - 1) * query.pageSize
  return {
    gameId,
    items: filtered.slice(start, start + query.pageSize).map(present),
    total: filtered.length,
    page: query.page,
    pageSize: query.pageSize,
    facets,
  }
}

/** The site search: every game at once, best matches first, then by value. */
export async function searchAllGames(
  deps: CatalogDeps,
  search: string,
  limit: number,
): Promise<SearchResponse> {
  const all = await Promise.all((await listGames(deps)).map((g) => snapshot(deps, g.id)))
  const q = normalizeSearch(search)
  const found = all.flatMap((snap) => searchIn(snap.items, search, 'value'))
  // A typo's guesses only where no game has the name itself.
  const exact = found.filter((item) => (rankOf(item, q) ?? 4) < 3)
  const matches = exact.length > 0 ? exact : found
  matches.sort((a, b) => (rankOf(a, q) ?? 4) - (rankOf(b, q) ?? 4) || COMPARATORS.value(a, b))
  return { items: matches.slice(0, limit).map(present), total: matches.length }
}

async function loadHistory(db: Db, gameId: string, itemId: string, limit: number): Promise<ValuePoint[]> {
  const rows = await db
    .select()
    .from(itemValueChanges)
    .where(and(eq(itemValueChanges.gameId, gameId), eq(itemValueChanges.itemId, itemId)))
    .orderBy(desc(itemValueChanges.changedAt), desc(itemValueChanges.id))
    .limit(limit)
  return rows.reverse().map((r) => ({
    at: r.changedAt.toISOString(),
    oldValue: r.oldValue,
    newValue: r.newValue,
    source: r.source,
  }))
}

async function findInSnapshot(deps: CatalogDeps, gameId: GameId, itemId: string) {
  const snap = await snapshot(deps, gameId)
  const item = snap.byId.get(itemId)
  if (!item) throw new AppError('NOT_FOUND', 'Item not found')
  return { snap, item }
}

/** Similar items: the same category of the same game, nearest in value. */
function similarTo(snap: GameSnapshot, item: IndexedItem, n = 6): ItemSummary[] {
  const distance = (other: IndexedItem) =>
    item.value && other.value
      ? Math.abs(Math.log(other.value) - Math.log(item.value))
      : Number.POSITIVE_INFINITY
  return snap.items
    .filter((o) => o.id !== item.id && o.category === item.category)
    .sort((a, b) => distance(a) - distance(b) || COMPARATORS.value(a, b))
    .slice(0, n)
    .map(present)
}

/** Everything the item page shows, in one answer. */
export async function getItemDetail(
  deps: CatalogDeps,
  gameId: GameId,
  itemId: string,
): Promise<ItemDetailResponse> {
  const { snap, item } = await findInSnapshot(deps, gameId, itemId)
  return {
    game: snap.game,
    item: { ...present(item), ...snap.extras.get(itemId)! },
    history: await loadHistory(deps.db, gameId, itemId, 500),
    similar: similarTo(snap, item),
  }
}

export async function getItemHistory(deps: CatalogDeps, gameId: GameId, itemId: string, limit: number) {
  await findInSnapshot(deps, gameId, itemId)
  return { points: await loadHistory(deps.db, gameId, itemId, limit) }
}

/** A game's most recent value changes. */
export async function getGameChanges(
  deps: CatalogDeps,
  gameId: GameId,
  limit: number,
): Promise<ChangesResponse> {
  await snapshot(deps, gameId)
  const rows = await deps.db
    .select({ change: itemValueChanges, itemName: items.name })
    .from(itemValueChanges)
    .innerJoin(items, and(eq(items.gameId, itemValueChanges.gameId), eq(items.id, itemValueChanges.itemId)))
    .where(eq(itemValueChanges.gameId, gameId))
    .orderBy(desc(itemValueChanges.changedAt), desc(itemValueChanges.id))
    .limit(limit)
  return {
    changes: rows.map(({ change, itemName }) => ({
      itemId: change.itemId,
      itemName,
      at: change.changedAt.toISOString(),
      oldValue: change.oldValue,
      newValue: change.newValue,
      source: change.source,
    })),
  }
}

/** Title and description of an item page, for the HTML the server sends; null for an unknown item. */
export async function findItemPageFacts(deps: CatalogDeps, gameId: GameId, itemId: string) {
  try {
    const { snap, item } = await findInSnapshot(deps, gameId, itemId)
    return { item, game: snap.game }
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null
    throw error
  }
}

/** 404 unless the item is in the game's catalog (read from the in-memory snapshot). */
export async function requireItem(deps: CatalogDeps, gameId: GameId, itemId: string): Promise<void> {
  await findInSnapshot(deps, gameId, itemId)
}

/** Items of a game by id (share-link previews); unknown ids are left out. */
export async function findItems(
  deps: CatalogDeps,
  gameId: GameId,
  ids: string[],
): Promise<Map<string, ItemSummary>> {
  const snap = await snapshot(deps, gameId)
  return new Map(ids.flatMap((id) => (snap.byId.has(id) ? [[id, present(snap.byId.get(id)!)] as const] : [])))
}

/**
 * Items of a game by a name written elsewhere (an upstream feed's display name): compared as search
 * normalises names, first with the items' names, then with their aliases (`by` says which); an item on
 * sale before a retired one. A name that matches none is left out.
 */
export async function findItemsByName(
  deps: CatalogDeps,
  gameId: GameId,
  names: readonly string[],
): Promise<Map<string, { item: ItemSummary; by: 'name' | 'alias' }>> {
  const snap = await snapshot(deps, gameId)
  const wanted = new Map(names.map((name) => [name, normalizeSearch(name)] as const))
  const keys = new Set([...wanted.values()].filter(Boolean))
  const byName = new Map<string, IndexedItem>()
  const byAlias = new Map<string, IndexedItem>()
  const keep = (map: Map<string, IndexedItem>, key: string, item: IndexedItem) => {
    const known = map.get(key)
    if (!known || (known.retired && !item.retired)) map.set(key, item)
  }
  for (const item of snap.byId.values()) {
    if (keys.has(item.searchName)) keep(byName, item.searchName, item)
    for (const alias of item.searchAliases) if (keys.has(alias)) keep(byAlias, alias, item)
  }
  const found = new Map<string, { item: ItemSummary; by: 'name' | 'alias' }>()
  for (const [name, key] of wanted) {
    const named = byName.get(key)
    const aliased = named ? undefined : byAlias.get(key)
    if (named) found.set(name, { item: present(named), by: 'name' })
    else if (aliased) found.set(name, { item: present(aliased), by: 'alias' })
  }
  return found
}

/** An item's notes (game-data facts such as its restock chance), or undefined for an unknown item. */
export async function findItemNotes(
  deps: CatalogDeps,
  gameId: GameId,
  itemId: string,
): Promise<{ item: ItemSummary; notes: string | null } | undefined> {
  const snap = await snapshot(deps, gameId)
  const item = snap.byId.get(itemId)
  return item && { item: present(item), notes: snap.extras.get(itemId)?.notes ?? null }
}

/** Every item of a game with its notes (alert rules match on category, rarity and restock odds). */
export async function itemsWithNotes(
  deps: CatalogDeps,
  gameId: GameId,
): Promise<{ item: ItemSummary; notes: string | null }[]> {
  const snap = await snapshot(deps, gameId)
  return snap.items.map((item) => ({ item: present(item), notes: snap.extras.get(item.id)?.notes ?? null }))
}

/**
 * Adds an item the catalog lacks (a new cosmetic or fruit seen in a shop), without a value. `alongside`
 * runs in the same transaction (the audit entry). 409 when the id is taken.
 */
export async function addItem(
  deps: CatalogDeps,
  item: { gameId: GameId; id: string; name: string; category: string; rarity: string },
  alongside: (tx: DbOrTx) => Promise<void>,
): Promise<boolean> {
  const added = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(items)
      .values({ ...item, searchName: normalizeSearch(item.name), notes: 'Added by a stock manager' })
      .onConflictDoNothing()
      .returning({ id: items.id })
    if (rows.length === 0) return false
    await alongside(tx)
    await deps.cache.invalidate(CATALOG_CACHE_PREFIX, tx)
    return true
  })
  return added
}
