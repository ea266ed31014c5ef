/**
 * Importing the shipped catalog: every game and item once, with a first history point, and again on
 * each start without overwriting what the site changed since.
 */
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { games, items, itemValueChanges } from '@/features/catalog/tables'
import { catalogDir } from '@/platform/server/lib/paths'
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
  // Every test starts from an empty catalog and imports what it needs.
  beforeEach(async () => {
    await database.db.execute(sql`truncate games, items, item_value_changes cascade`)
  })

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
    await importCatalog(database.db, catalog)
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

  it('on a database that holds the whole catalog, writes nothing (a restart reads the ids only)', async () => {
    await importCatalog(database.db, catalog)
    const transaction = vi.spyOn(database.db, 'transaction')
    expect(await importCatalog(database.db, catalog)).toEqual({ games: 0, items: 0 })
    expect(transaction).not.toHaveBeenCalled()
  })

  it('adds only what is missing: a new item of a known game gets its row and first history point', async () => {
    await importCatalog(database.db, catalog)
    const where = and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'kitsune'))
    const historyOf = and(eq(itemValueChanges.gameId, 'blox-fruits'), eq(itemValueChanges.itemId, 'kitsune'))
    // As if kitsune were new in the catalog file.
    await database.db.delete(itemValueChanges).where(historyOf)
    await database.db.delete(items).where(where)
    const historyBefore = await database.db.select({ n: count() }).from(itemValueChanges)

    expect(await importCatalog(database.db, catalog)).toEqual({ games: 0, items: 1 })
    const [kitsune] = await database.db.select().from(items).where(where)
    expect(kitsune?.name).toBe('Kitsune')
    const history = await database.db.select().from(itemValueChanges).where(historyOf)
    expect(history).toMatchObject([{ oldValue: null, newValue: kitsune!.value, source: 'catalog' }])
    const historyAfter = await database.db.select({ n: count() }).from(itemValueChanges)
    expect(historyAfter[0]!.n).toBe(historyBefore[0]!.n + 1)
  })

  it('keeps values up to 1e24 and the emoji-named fish, under readable names and their first ids', async () => {
    await importCatalog(database.db, catalog)
    const [{ max }] = (await database.db
      .select({ max: items.value })
      .from(items)
      .orderBy(items.value)
      .limit(1)) as [{ max: number }]
    expect(typeof max).toBe('number')
    const [fish] = await database.db.select().from(items).where(eq(items.id, 'item-1f40b'))
    expect(fish).toMatchObject({ name: 'Emoji Whale', aliases: ['🐋'] })
    const named = await database.db.select({ id: items.id, name: items.name }).from(items)
    // Every name has a letter or digit: none shows as blank boxes where no emoji font is installed.
    expect(named.filter((item) => !/[\p{L}\p{N}]/u.test(item.name))).toEqual([])
    expect(
      named.filter((item) => ['-2', '-3', '-4', '-5'].includes(item.id)).map((item) => item.name),
    ).toEqual(expect.arrayContaining(['Emoji Fish', 'Emoji Blowfish', 'Emoji Shark', 'Emoji Squid']))
  })
})
