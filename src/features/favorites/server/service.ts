import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { PublicProfileResponse } from '@/features/accounts/contract'
import { type CatalogDeps, findItems, requireItem } from '@/features/catalog/server/public'
import type { FavoriteCountsResponse, FavoriteToggleResponse } from '@/features/favorites/contract'
import { itemFavorites } from '@/features/favorites/tables'
import type { Db } from '@/platform/server/db/client'
import type { GameId } from '@/shared/games'

/** The rows of these items of one game. */
const ofItems = (gameId: GameId, ids: string[]) =>
  and(eq(itemFavorites.gameId, gameId), inArray(itemFavorites.itemId, ids))

/** The exact counts of these items (from the rows) and which of them the user has favorited. */
export async function getFavoriteCounts(
  db: Db,
  gameId: GameId,
  ids: string[],
  userId: string | null,
): Promise<FavoriteCountsResponse> {
  const rows = await db
    .select({ itemId: itemFavorites.itemId, n: count() })
    .from(itemFavorites)
    .where(ofItems(gameId, ids))
    .groupBy(itemFavorites.itemId)
  const counts: Record<string, number> = Object.fromEntries(ids.map((id) => [id, 0]))
  for (const row of rows) counts[row.itemId] = row.n
  const mine = userId
    ? await db
        .select({ itemId: itemFavorites.itemId })
        .from(itemFavorites)
        .where(and(eq(itemFavorites.userId, userId), ofItems(gameId, ids)))
    : []
  return { counts, mine: mine.map((r) => r.itemId) }
}

async function countOf(db: Db, gameId: GameId, itemId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(itemFavorites)
    .where(ofItems(gameId, [itemId]))
  return row?.n ?? 0
}

/** Favorites an item; favoriting it again is a success. An unknown item is a 404. */
export async function addFavorite(
  catalog: CatalogDeps,
  userId: string,
  gameId: GameId,
  itemId: string,
): Promise<FavoriteToggleResponse> {
  const { db } = catalog
  await requireItem(catalog, gameId, itemId)
  await db.insert(itemFavorites).values({ userId, gameId, itemId }).onConflictDoNothing()
  return { favorited: true, count: await countOf(db, gameId, itemId) }
}

/** Removes a favorite; removing one that is not there is a success. An unknown item is a 404, as for PUT. */
export async function removeFavorite(
  catalog: CatalogDeps,
  userId: string,
  gameId: GameId,
  itemId: string,
): Promise<FavoriteToggleResponse> {
  const { db } = catalog
  await requireItem(catalog, gameId, itemId)
  await db.delete(itemFavorites).where(and(eq(itemFavorites.userId, userId), ofItems(gameId, [itemId])))
  return { favorited: false, count: await countOf(db, gameId, itemId) }
}

/** A user's favorites, newest first, as the catalog presents items. */
export async function listUserFavorites(
  catalog: CatalogDeps,
  userId: string,
): Promise<PublicProfileResponse['favorites']> {
  const rows = await catalog.db
    .select()
    .from(itemFavorites)
    .where(eq(itemFavorites.userId, userId))
    .orderBy(desc(itemFavorites.createdAt))
    .limit(500)
  const byGame = new Map<GameId, string[]>()
  for (const row of rows)
    byGame.set(row.gameId as GameId, [...(byGame.get(row.gameId as GameId) ?? []), row.itemId])
  const found = new Map<string, Awaited<ReturnType<typeof findItems>>>()
  for (const [gameId, ids] of byGame) found.set(gameId, await findItems(catalog, gameId, ids))
  return rows.flatMap((row) => {
    const item = found.get(row.gameId)?.get(row.itemId)
    return item ? [{ ...item, favoritedAt: row.createdAt.toISOString() }] : []
  })
}
