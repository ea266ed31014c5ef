import { and, count, desc, eq, sql } from 'drizzle-orm'
import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  soldInAShop,
  type Watch,
  type WatchlistResponse,
  type WatchRequest,
} from '@/features/alerts/contract'
import { watches } from '@/features/alerts/tables'
import type { ItemSummary } from '@/features/catalog/contract'
import { type CatalogDeps, findItemNotes, findItems, requireItem } from '@/features/catalog/server/public'
import { AppError } from '@/platform/server/lib/errors'
import { type GameId, isStockGame } from '@/shared/games'

type WatchRow = typeof watches.$inferSelect

/** A watch as the pages show it: the item's name, category and rarity from the catalog. */
function present(row: WatchRow, item: Pick<ItemSummary, 'name' | 'category' | 'rarity'> | undefined): Watch {
  return {
    game: row.gameId as GameId,
    item: row.itemId,
    // An item gone from the catalog keeps its id as its name, so the watch can still be removed.
    name: item?.name ?? row.itemId,
    category: item?.category ?? null,
    rarity: item?.rarity ?? null,
    restock: row.restock,
    value: row.value,
    email: row.email,
    discord: row.discord,
    createdAt: row.createdAt.toISOString(),
  }
}

const refuse = (field: keyof WatchRequest, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } })

const ofItem = (userId: string, gameId: GameId, itemId: string) =>
  and(eq(watches.userId, userId), eq(watches.gameId, gameId), eq(watches.itemId, itemId))

/** The user's watches, newest first, with one catalog lookup per game. */
export async function listWatches(catalog: CatalogDeps, userId: string): Promise<WatchlistResponse> {
  const rows = await catalog.db
    .select()
    .from(watches)
    .where(eq(watches.userId, userId))
    .orderBy(desc(watches.createdAt), watches.gameId, watches.itemId)
  const idsByGame = new Map<GameId, string[]>()
  for (const row of rows) {
    const game = row.gameId as GameId
    idsByGame.set(game, [...(idsByGame.get(game) ?? []), row.itemId])
  }
  const found = new Map<GameId, Map<string, ItemSummary>>()
  for (const [game, ids] of idsByGame) found.set(game, await findItems(catalog, game, ids))
  return { watches: rows.map((row) => present(row, found.get(row.gameId as GameId)?.get(row.itemId))) }
}

/**
 * Creates or changes the user's watch of an item: fields absent keep their value (a new watch starts
 * with neither kind, both channels). Both kinds off removes it. Restocks only for an item sold in a
 * shop of a game with a stock tracker; at most ALERT_LIMITS.maxWatches per user (counted under the
 * user's lock, so parallel requests cannot pass it together).
 */
export async function putWatch(
  catalog: CatalogDeps,
  userId: string,
  gameId: GameId,
  itemId: string,
  change: WatchRequest,
): Promise<Watch | null> {
  const found = await findItemNotes(catalog, gameId, itemId)
  if (!found) {
    await requireItem(catalog, gameId, itemId) // its 404
    throw new AppError('NOT_FOUND', 'Item not found')
  }
  const { item } = found
  return catalog.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`watches:${userId}`}))`)
    const [current] = await tx
      .select()
      .from(watches)
      .where(ofItem(userId, gameId, itemId))
    const next = {
      restock: change.restock ?? current?.restock ?? false,
      value: change.value ?? current?.value ?? false,
      email: change.email ?? current?.email ?? true,
      discord: change.discord ?? current?.discord ?? true,
    }
    if (change.restock === true) {
      if (!isStockGame(gameId)) throw refuse('restock', ALERT_MESSAGES.noStockTracker)
      if (!soldInAShop(gameId, item.category)) throw refuse('restock', ALERT_MESSAGES.neverInShop(item.name))
    }
    if (!next.restock && !next.value) {
      if (!current) throw refuse('restock', ALERT_MESSAGES.watchNothing)
      await tx.delete(watches).where(ofItem(userId, gameId, itemId))
      return null
    }
    if (!current) {
      const [held] = await tx.select({ n: count() }).from(watches).where(eq(watches.userId, userId))
      if ((held?.n ?? 0) >= ALERT_LIMITS.maxWatches)
        throw new AppError('CONFLICT', ALERT_MESSAGES.tooManyWatches)
    }
    const [row] = await tx
      .insert(watches)
      .values({ userId, gameId, itemId, ...next })
      .onConflictDoUpdate({ target: [watches.userId, watches.gameId, watches.itemId], set: next })
      .returning()
    return present(row!, item)
  })
}

/**
 * Stops watching an item; removing a watch that is not there is a success (the answer says whether one
 * was). Unknown items: 404.
 */
export async function deleteWatch(
  catalog: CatalogDeps,
  userId: string,
  gameId: GameId,
  itemId: string,
): Promise<boolean> {
  await requireItem(catalog, gameId, itemId)
  const removed = await catalog.db
    .delete(watches)
    .where(ofItem(userId, gameId, itemId))
    .returning({ itemId: watches.itemId })
  return removed.length > 0
}
