import { and, asc, count, eq } from 'drizzle-orm'
import type { Db } from '@/server/db/client'
import { games, items } from '@/server/db/schema'
import { AppError } from '@/server/lib/errors'
import type { Game, Item } from '@/shared/catalog'

export async function listGames(db: Db): Promise<Game[]> {
  const rows = await db
    .select({
      id: games.id,
      name: games.name,
      currency: games.currency,
      valueUnit: games.valueUnit,
      variantLabels: games.variantLabels,
      itemCount: count(items.id),
      valuedCount: count(items.value),
    })
    .from(games)
    .leftJoin(items, eq(items.gameId, games.id))
    .groupBy(games.id)
    .orderBy(asc(games.position))
  return rows as Game[]
}

function presentItem(row: typeof items.$inferSelect): Item {
  return {
    gameId: row.gameId as Item['gameId'],
    id: row.id,
    name: row.name,
    category: row.category,
    rarity: row.rarity,
    value: row.value,
    variants: row.variants,
    demand: row.demand,
    trend: row.trend,
    inGamePrice: row.inGamePrice,
    robuxPrice: row.robuxPrice,
    notes: row.notes,
    valueChangedAt: row.valueChangedAt?.toISOString() ?? null,
  }
}

export async function findItem(db: Db, gameId: string, itemId: string): Promise<{ item: Item; game: Game }> {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.gameId, gameId), eq(items.id, itemId)))
  const game = (await listGames(db)).find((g) => g.id === gameId)
  if (!row || !game) throw new AppError('NOT_FOUND', 'Item not found')
  return { item: presentItem(row), game }
}
