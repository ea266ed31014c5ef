import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { games, items, itemValueChanges } from '@/server/db/schema'
import { catalogDir } from '@/server/lib/paths'
import { createTestDatabase } from '@/test/database'
import { type CatalogGame, readCatalog } from './catalog-file'
import { importCatalog } from './import'

describe('importCatalog', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let catalog: CatalogGame[]
  beforeAll(async () => {
    database = await createTestDatabase()
    catalog = await readCatalog(catalogDir)
  })
  afterAll(() => database.drop())

  it('reads all eight games from the shipped catalog', () => {
    expect(catalog.map((g) => g.game.id)).toEqual([
      'blox-fruits',
      'grow-a-garden',
      'adopt-me',
      'pet-simulator-99',
      'murder-mystery-2',
      'anime-adventures',
      'fisch',
      'pets-go',
    ])
  })

  it('inserts every game and item once, with a first history point per valued item', async () => {
    const expectedItems = catalog.reduce((n, g) => n + g.items.length, 0)
    const expectedValued = catalog.reduce((n, g) => n + g.items.filter((i) => i.value !== null).length, 0)
    expect(await importCatalog(database.db, catalog)).toEqual({ games: 8, items: expectedItems })
    const [{ n: historyRows }] = (await database.db.select({ n: count() }).from(itemValueChanges)) as [
      { n: number },
    ]
    expect(historyRows).toBe(expectedValued)

    const [kitsune] = await database.db
      .select()
      .from(items)
      .where(and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'kitsune')))
    expect(kitsune?.name).toBe('Kitsune')
    expect(kitsune?.valueChangedAt?.toISOString()).toBe('2026-08-17T00:00:00.000Z')
  })

  it('is idempotent and never overwrites a value changed on the site', async () => {
    await database.db
      .update(items)
      .set({ value: 123 })
      .where(and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'kitsune')))
    expect(await importCatalog(database.db, catalog)).toEqual({ games: 0, items: 0 })
    const [kitsune] = await database.db
      .select({ value: items.value })
      .from(items)
      .where(and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'kitsune')))
    expect(kitsune?.value).toBe(123)
    const [{ n }] = (await database.db.select({ n: count() }).from(games)) as [{ n: number }]
    expect(n).toBe(8)
  })

  it('keeps values up to 1e24 and the emoji-named fish', async () => {
    const [{ max }] = (await database.db
      .select({ max: items.value })
      .from(items)
      .orderBy(items.value)
      .limit(1)) as [{ max: number }]
    expect(typeof max).toBe('number')
    const [fish] = await database.db.select().from(items).where(eq(items.id, 'item-1f40b'))
    expect(fish?.name).toBe('🐋')
  })
})
