import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { storedVariants } from '@/features/catalog/rules'
import { normalizeSearch } from '@/features/catalog/search'
import { catalogImports, games, items, itemValueChanges } from '@/features/catalog/tables'
import type { Db } from '@/platform/server/db/client'
import { type CatalogGame, readCatalog } from './catalog-file'

/** Raise it when the import writes differently: every database then imports its catalog once more. */
const IMPORT_VERSION = 1

const BATCH = 500

/** The games and items of the catalog that the database does not hold yet. */
async function missingFrom(db: Pick<Db, 'select'>, catalog: CatalogGame[]) {
  const [gameRows, itemRows] = await Promise.all([
    db.select({ id: games.id }).from(games),
    db.select({ gameId: items.gameId, id: items.id }).from(items),
  ])
  const knownGames = new Set(gameRows.map((row) => row.id))
  const knownItems = new Set(itemRows.map((row) => `${row.gameId}/${row.id}`))
  return catalog
    .map((file) => ({
      file,
      newGame: !knownGames.has(file.game.id),
      newItems: file.items.filter((item) => !knownItems.has(`${file.game.id}/${item.id}`)),
    }))
    .filter((game) => game.newGame || game.newItems.length > 0)
}

/** The hash of a catalog folder: every JSON file's name and bytes, and the import's version. */
export async function catalogHash(dir: string): Promise<string> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort()
  const hash = createHash('sha256').update(`import ${IMPORT_VERSION}\n`)
  for (const [file, bytes] of await Promise.all(
    files.map(async (file) => [file, await readFile(path.join(dir, file))] as const),
  )) {
    hash.update(`${file}\n`).update(bytes).update('\n')
  }
  return hash.digest('hex')
}

/**
 * The catalog folder's import on start: skipped, reading no file but its bytes and no item, when the
 * database has imported a folder with the same hash before ('unchanged'); else importCatalog, which
 * records the hash.
 */
export async function importCatalogFolder(
  db: Db,
  dir: string,
): Promise<{ games: number; items: number } | 'unchanged'> {
  const hash = await catalogHash(dir)
  const seen = await db
    .select({ hash: catalogImports.hash })
    .from(catalogImports)
    .where(eq(catalogImports.hash, hash))
  if (seen.length > 0) return 'unchanged'
  return importCatalog(db, await readCatalog(dir), { hash })
}

/**
 * Inserts the games and items that are missing. Existing rows are left alone, so values edited on
 * the site survive a restart; each newly inserted item with a value gets its first history point.
 * A database that holds the whole catalog has its ids read once and nothing written. `hash`: the
 * folder's (catalogHash), recorded once its catalog is in the database.
 */
export async function importCatalog(
  db: Db,
  catalog: CatalogGame[],
  { hash }: { hash?: string } = {},
): Promise<{ games: number; items: number }> {
  const recordHash = async (on: Pick<Db, 'insert'>) => {
    if (hash) await on.insert(catalogImports).values({ hash }).onConflictDoNothing()
  }
  if ((await missingFrom(db, catalog)).length === 0) {
    await recordHash(db)
    return { games: 0, items: 0 }
  }
  let insertedGames = 0
  let insertedItems = 0
  await db.transaction(async (tx) => {
    // One importer at a time across instances; the lock is released at commit. Under the lock the
    // missing rows are looked up again: another instance may have just imported them.
    await tx.execute(sql`select pg_advisory_xact_lock(7240312)`)
    await recordHash(tx)
    for (const { file, newItems } of await missingFrom(tx, catalog)) {
      const gameRows = await tx
        .insert(games)
        .values({
          id: file.game.id,
          name: file.game.name,
          currency: file.game.currency,
          valueUnit: file.game.valueUnit,
          variantLabels: file.game.variants ?? null,
          sources: file.sources,
          position: file.position,
        })
        .onConflictDoNothing()
        .returning({ id: games.id })
      insertedGames += gameRows.length

      for (let start = 0; start < newItems.length; start += BATCH) {
        const batch = newItems.slice(start, start + BATCH)
        const inserted = await tx
          .insert(items)
          .values(
            batch.map((item) => ({
              gameId: file.game.id,
              id: item.id,
              name: item.name,
              searchName: normalizeSearch(item.name),
              category: item.category,
              rarity: item.rarity || null,
              value: item.value,
              variants: storedVariants(file.game.id, item.variants ?? null),
              demand: item.demand,
              trend: item.trend ?? null,
              inGamePrice: item.inGamePrice,
              robuxPrice: item.robuxPrice,
              notes: item.notes ?? null,
              aliases: item.aliases ?? [],
              valueChangedAt: item.value === null ? null : file.valuesAsOf,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: items.id, value: items.value, variants: items.variants })
        insertedItems += inserted.length
        const firstPoints = inserted.filter((row) => row.value !== null)
        if (firstPoints.length > 0) {
          await tx.insert(itemValueChanges).values(
            firstPoints.map((row) => ({
              gameId: file.game.id,
              itemId: row.id,
              oldValue: null,
              newValue: row.value,
              newVariants: row.variants,
              changedAt: file.valuesAsOf,
              source: 'catalog',
            })),
          )
        }
      }
    }
  })
  return { games: insertedGames, items: insertedItems }
}
