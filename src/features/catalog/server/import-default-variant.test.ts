/**
 * One number for an item's value and its default variant (a Blox Fruits Physical fruit): in the shipped
 * catalog, in what a file may give, and in the migration that mended databases holding two.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { defaultVariantOf, variantsWithDefault } from '@/features/catalog/rules'
import { items, itemValueChanges } from '@/features/catalog/tables'
import { catalogDir, migrationsDir } from '@/platform/server/lib/paths'
import { createTestDatabase } from '@/test/database'
import { type CatalogGame, itemsWithTwoValues, readCatalog } from './catalog-file'
import { importCatalog } from './import'

describe('one number for a value and its default variant', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let catalog: CatalogGame[]
  beforeAll(async () => {
    database = await createTestDatabase()
    catalog = await readCatalog(catalogDir)
  })
  afterAll(() => database.drop())
  beforeEach(async () => {
    await database.db.execute(sql`truncate games, items, item_value_changes cascade`)
  })

  it('the shipped catalog gives each item one value: a default variant, where a file names it, is the value, and is stored only as the value', async () => {
    for (const file of catalog) expect(itemsWithTwoValues(file), file.game.id).toEqual([])
    await importCatalog(database.db, catalog)
    const rows = await database.db.select().from(items)
    const byKey = new Map(rows.map((row) => [`${row.gameId}/${row.id}`, row]))
    let checked = 0
    for (const file of catalog) {
      const key = defaultVariantOf(file.game.id)
      for (const item of file.items) {
        const row = byKey.get(`${file.game.id}/${item.id}`)!
        if (key !== undefined && row.variants) {
          expect(Object.hasOwn(row.variants, key), `${file.game.id}/${item.id}`).toBe(false)
          checked++
        }
        expect(variantsWithDefault(file.game.id, row.value, row.variants), item.id).toEqual(
          item.variants ? variantsWithDefault(file.game.id, item.value, item.variants) : null,
        )
      }
    }
    expect(checked).toBeGreaterThan(1400) // Blox Fruits fruits, Adopt Me pets, Pet Simulator 99 pets
  })

  it('a file whose item gives its value and its default variant as two numbers is refused', () => {
    const blox = catalog[0]!
    const kitsune = blox.items.find((i) => i.id === 'kitsune')!
    const file = { ...blox, items: [{ ...kitsune, value: 700_000_000 }] }
    expect(itemsWithTwoValues(file)).toEqual(['Kitsune: value 700000000, physical 640000000'])
  })

  it('migration 0011 keeps one number where the value and its default variant disagree: the one changed later', async () => {
    await importCatalog(database.db, catalog)
    const where = (gameId: string, id: string) => and(eq(items.gameId, gameId), eq(items.id, id))
    const twoNumbers = async (
      gameId: string,
      id: string,
      value: number,
      variants: Record<string, number | null>,
      change?: Partial<typeof itemValueChanges.$inferInsert>,
    ) => {
      await database.db.update(items).set({ value, variants }).where(where(gameId, id))
      if (change)
        await database.db
          .insert(itemValueChanges)
          .values({ gameId, itemId: id, source: 'editor', changedAt: new Date(), ...change })
    }
    // Kitsune: an editor set 700M; its Physical fruit still said 640M. The value changed later: it wins.
    await twoNumbers(
      'blox-fruits',
      'kitsune',
      700_000_000,
      { physical: 640_000_000, permanent: 6_240_000_000 },
      { oldValue: 640_000_000, newValue: 700_000_000 },
    )
    // Yeti: an editor changed its Physical fruit value only, later than the catalog's value: it wins.
    await twoNumbers(
      'blox-fruits',
      'yeti',
      120_000_000,
      { physical: 150_000_000, permanent: 5_340_000_000 },
      {
        oldValue: 120_000_000,
        newValue: 120_000_000,
        oldVariants: { physical: 120_000_000, permanent: 5_340_000_000 },
        newVariants: { physical: 150_000_000, permanent: 5_340_000_000 },
      },
    )
    // Gas: both agree, the default variant was stored twice. Bat Dragon: only the catalog wrote both (a tie): the value wins.
    await twoNumbers('blox-fruits', 'gas', 60_000_000, { physical: 60_000_000, permanent: 4_550_000_000 })
    await twoNumbers('adopt-me', 'bat-dragon', 5.05, {
      normal: 5.125,
      'fly-ride': 5.5,
      'neon-fly-ride': 11.9,
    })
    const before = await database.db.select({ n: count() }).from(itemValueChanges)

    const migration = readFileSync(path.join(migrationsDir, '0011_one_value_per_default_variant.sql'), 'utf8')
    for (const statement of migration.split('--> statement-breakpoint'))
      await database.db.execute(sql.raw(statement))

    const itemOf = async (gameId: string, id: string) =>
      (await database.db.select().from(items).where(where(gameId, id)))[0]!
    expect(await itemOf('blox-fruits', 'kitsune')).toMatchObject({
      value: 700_000_000,
      variants: { permanent: 6_240_000_000 },
    })
    expect(await itemOf('blox-fruits', 'yeti')).toMatchObject({
      value: 150_000_000,
      variants: { permanent: 5_340_000_000 },
      valueSource: 'editor',
    })
    expect(await itemOf('blox-fruits', 'gas')).toMatchObject({
      value: 60_000_000,
      variants: { permanent: 4_550_000_000 },
    })
    expect(await itemOf('adopt-me', 'bat-dragon')).toMatchObject({
      value: 5.05,
      variants: { normal: 5.125, 'neon-fly-ride': 11.9 },
    })
    // One change record: Yeti's value became its Physical fruit value.
    const after = await database.db.select({ n: count() }).from(itemValueChanges)
    expect(after[0]!.n - before[0]!.n).toBe(1)
    const [record] = await database.db
      .select()
      .from(itemValueChanges)
      .where(and(eq(itemValueChanges.itemId, 'yeti'), eq(itemValueChanges.newValue, 150_000_000)))
    expect(record).toMatchObject({ oldValue: 120_000_000, source: 'editor' })
    // No item of any game holds its default variant in its variants any more.
    const twice = await database.db.execute(sql`
      select game_id, id from items
      where (game_id = 'blox-fruits' and variants ? 'physical') or (game_id = 'adopt-me' and variants ? 'fly-ride')
        or (game_id in ('pet-simulator-99', 'pets-go') and variants ? 'normal')`)
    expect(twice.rows).toEqual([])
  })
})
