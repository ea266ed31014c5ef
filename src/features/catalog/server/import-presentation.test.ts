/**
 * The catalog as traders read it: one vocabulary of trends, notes that hold facts, former names, no
 * word of where values came from, and the migrations that brought older databases to the same words.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRENDS } from '@/features/catalog/rules'
import { games, items } from '@/features/catalog/tables'
import { catalogDir, migrationsDir } from '@/platform/server/lib/paths'
import { createTestDatabase } from '@/test/database'
import { notPublicWordsIn } from '@/test/not-public-words'
import { type CatalogGame, readCatalog } from './catalog-file'

describe('the catalog as traders read it', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let catalog: CatalogGame[]
  beforeAll(async () => {
    database = await createTestDatabase({ catalog: true })
    catalog = await readCatalog(catalogDir)
  })
  afterAll(() => database.drop())

  const itemOf = async (gameId: string, id: string) =>
    (
      await database.db
        .select()
        .from(items)
        .where(and(eq(items.gameId, gameId), eq(items.id, id)))
    )[0]!

  it('stores every trend in the one vocabulary, mapped from the sources’ spellings', async () => {
    const rows = await database.db.selectDistinct({ trend: items.trend }).from(items)
    for (const { trend } of rows) if (trend !== null) expect(TRENDS).toContain(trend)
    // "Doing Well", "Untable", "Overpriced", "Underpaid For" and "SOON" in the files.
    expect((await itemOf('murder-mystery-2', 'ornament')).trend).toBe('Rising')
    const untable = await database.db.select().from(items).where(eq(items.gameId, 'anime-adventures'))
    expect(untable.filter((i) => i.trend === 'Unstable').length).toBe(10)
    expect(untable.filter((i) => i.trend === 'Overpaid').length).toBe(5)
    const soon = await database.db
      .select()
      .from(items)
      .where(and(eq(items.gameId, 'blox-fruits'), sql`${items.trend} is null`))
    expect(soon).toHaveLength(3)
  })

  it('refuses a catalog file with a name holding control characters, or a trend named like a built-in property', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tradehub-catalog-'))
    const item = {
      id: 'bad',
      category: null,
      rarity: null,
      inGamePrice: null,
      robuxPrice: null,
      value: 1,
      demand: null,
    }
    const fileWith = (fields: Record<string, unknown>) => {
      const game = { id: 'fisch', name: 'Fisch', currency: 'C$', valueUnit: 'C$' }
      writeFileSync(
        path.join(dir, 'fisch.json'),
        JSON.stringify({ game, sources: [], items: [{ ...item, ...fields }] }),
      )
      writeFileSync(
        path.join(dir, 'index.json'),
        JSON.stringify({
          games: [{ file: 'fisch.json', valuesAsOf: '2026-01-01', startingValues: 'community trade values' }],
        }),
      )
    }
    try {
      fileWith({ name: 'Good Fish', trend: 'Stable', aliases: ['Fine Fish'] })
      expect((await readCatalog(dir))[0]!.items[0]).toMatchObject({ name: 'Good Fish', trend: 'Stable' })
      for (const name of ['Bad\r\nFish', 'Bad\u001b[31mFish', 'Bad\u202ehsiF']) {
        fileWith({ name })
        await expect(readCatalog(dir), JSON.stringify(name)).rejects.toThrow(
          /name cannot contain control characters/,
        )
        fileWith({ name: 'Good Fish', aliases: [name] })
        await expect(readCatalog(dir), JSON.stringify(name)).rejects.toThrow(
          /alias cannot contain control characters/,
        )
      }
      for (const trend of ['__proto__', 'constructor', 'toString']) {
        fileWith({ name: 'Good Fish', trend })
        await expect(readCatalog(dir), trend).rejects.toThrow(`unknown trend "${trend}"`)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('keeps facts in the notes, never provenance or fields shown elsewhere', async () => {
    expect((await itemOf('blox-fruits', 'kitsune')).notes).toBe('Beast fruit')
    expect((await itemOf('blox-fruits', 'west-dragon')).notes).toBeNull()
    expect((await itemOf('adopt-me', 'shadow-dragon')).notes).toBe('Demand: High')
    expect((await itemOf('murder-mystery-2', 'vampire-s-axe')).notes).toBe(
      'Value range 1,450–1,550; rarity score 4',
    )
    // The odds the stock alerts read stay.
    expect((await itemOf('grow-a-garden', 'carrot')).notes).toMatch(/restock chance 1 in 1, stock 5-25/)
    const notes = (await database.db.select({ notes: items.notes }).from(items)).map((r) => r.notes ?? '')
    for (const raw of [
      'trend:',
      'permanent value:',
      'Mews fruitdata',
      'game.guide',
      '(game data)',
      'golden RAP',
      'value-list tier',
      "'difficulty'",
      'aliases:',
      'not refreshed',
    ])
      expect(notes.filter((n) => n.includes(raw))).toEqual([])
  })

  it('gives items their former names, and games a unit line without internal text', async () => {
    expect((await itemOf('blox-fruits', 'tiger')).aliases).toEqual(['Leopard'])
    expect((await itemOf('blox-fruits', 'blade')).aliases).toEqual(['Chop'])
    expect((await itemOf('blox-fruits', 'eagle')).aliases).toEqual(['Falcon'])
    expect((await itemOf('blox-fruits', 'lightning')).aliases).toEqual(['Rumble'])
    expect((await itemOf('murder-mystery-2', 'traveler-s-axe')).aliases).toEqual(['trav axe'])
    const units = await database.db.select({ unit: games.valueUnit, currency: games.currency }).from(games)
    for (const { unit, currency } of units) {
      expect(unit).not.toMatch(/none found|value left null|in notes|\.com/)
      expect(currency).not.toMatch(/^none/)
    }
  })

  it('names no value site, repository or scraped file in any text a trader reads, in any game', async () => {
    const gameRows = await database.db
      .select({
        id: games.id,
        name: games.name,
        currency: games.currency,
        valueUnit: games.valueUnit,
        variantLabels: games.variantLabels,
      })
      .from(games)
    expect(gameRows).toHaveLength(8)
    for (const row of gameRows) expect(notPublicWordsIn(row), row.id).toEqual([])
    const itemRows = await database.db
      .select({
        gameId: items.gameId,
        id: items.id,
        name: items.name,
        category: items.category,
        rarity: items.rarity,
        trend: items.trend,
        notes: items.notes,
        aliases: items.aliases,
      })
      .from(items)
    expect(itemRows).toHaveLength(catalog.reduce((n, g) => n + g.items.length, 0))
    for (const row of itemRows) expect(notPublicWordsIn(row), `${row.gameId}/${row.id}`).toEqual([])
  })

  it('brings value units and notes that named value sites to the public words, once, leaving editors’ changes alone', async () => {
    const bat = and(eq(items.gameId, 'adopt-me'), eq(items.id, 'bat-dragon'))
    const luger = and(eq(items.gameId, 'murder-mystery-2'), eq(items.id, 'luger'))
    const axe = and(eq(items.gameId, 'murder-mystery-2'), eq(items.id, 'vampire-s-axe'))
    const megalodon = and(eq(items.gameId, 'fisch'), eq(items.id, 'megalodon'))
    const owl = and(eq(items.gameId, 'adopt-me'), eq(items.id, 'owl'))
    // As the catalog (and migration 0007) wrote them.
    const before = {
      bat: 'Elvebredd values: FR 840, NFR 1,852, MFR 5,000; AMVGG demand: High',
      luger: 'MM2Values: 47; rarity score 10; no agreed value: Supreme lists 1,000,000, MM2Values 47',
      axe: 'MM2Values: 1,200; value range 1,450–1,550; rarity score 4',
      megalodon:
        "Base sell value 10,000 C$; weight 500,000–670,000; location: Ancient Isle; favourite bait: ['Shark Head', 'Tryhard Worm']",
    }
    await database.db.update(items).set({ notes: before.bat }).where(bat)
    await database.db.update(items).set({ notes: before.luger }).where(luger)
    await database.db.update(items).set({ notes: before.axe }).where(axe)
    await database.db.update(items).set({ notes: before.megalodon }).where(megalodon)
    const units = {
      'adopt-me': 'AMVGG value units, Fly Ride (FR) form; other forms by variant',
      'murder-mystery-2': 'Supreme Values value points',
      'anime-adventures': 'Value List points (the community Value List)',
    }
    for (const [id, valueUnit] of Object.entries(units))
      await database.db.update(games).set({ valueUnit }).where(eq(games.id, id))
    // Changed by an editor since: stays.
    await database.db.update(items).set({ notes: 'Edited by the value team' }).where(owl)

    const migration = readFileSync(path.join(migrationsDir, '0015_public_value_words.sql'), 'utf8')
    const run = async () => {
      for (const statement of migration.split('--> statement-breakpoint'))
        await database.db.execute(sql.raw(statement))
    }
    await run()
    const stored = async () => ({
      bat: (await itemOf('adopt-me', 'bat-dragon')).notes,
      luger: (await itemOf('murder-mystery-2', 'luger')).notes,
      axe: (await itemOf('murder-mystery-2', 'vampire-s-axe')).notes,
      megalodon: (await itemOf('fisch', 'megalodon')).notes,
      owl: (await itemOf('adopt-me', 'owl')).notes,
      units: Object.fromEntries(
        (await database.db.select({ id: games.id, unit: games.valueUnit }).from(games)).map((g) => [
          g.id,
          g.unit,
        ]),
      ),
    })
    const migrated = await stored()
    expect(migrated).toMatchObject({
      bat: 'Demand: High',
      luger: 'Rarity score 10; no agreed value: quoted anywhere from 47 to 1,000,000',
      axe: 'Value range 1,450–1,550; rarity score 4',
      megalodon:
        'Base sell value 10,000 C$; weight 500,000–670,000; location: Ancient Isle; favourite bait: Shark Head or Tryhard Worm',
      owl: 'Edited by the value team',
    })
    // The same words a fresh database gets from the catalog files.
    for (const file of catalog) expect(migrated.units[file.game.id], file.game.id).toBe(file.game.valueUnit)
    await run()
    expect(await stored()).toEqual(migrated)
  })

  it('brings a database imported before to the same presentation, leaving editors’ changes alone', async () => {
    const kitsune = and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'kitsune'))
    const ornament = and(eq(items.gameId, 'murder-mystery-2'), eq(items.id, 'ornament'))
    const tiger = and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'tiger'))
    const dough = and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'dough'))
    const blade = and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'blade'))
    // As the first catalog wrote them.
    await database.db
      .update(items)
      .set({ notes: 'type: beast (Mews fruitdata, Jan 2024); trend: Overpaid; permanent value: 6240000000' })
      .where(kitsune)
    await database.db
      .update(items)
      .set({
        trend: 'Doing Well',
        notes: 'trend: Doing Well; MM2Values cross-check: 28; range 40-50; Supreme rarity score 2',
      })
      .where(ornament)
    await database.db.update(items).set({ aliases: [] }).where(tiger)
    await database.db
      .update(games)
      .set({ valueUnit: 'none found (no community trade value list located); value left null' })
      .where(eq(games.id, 'fisch'))
    await database.db
      .update(games)
      .set({
        variantLabels: {
          physical: 'Physical fruit (the item value)',
          permanent: 'Permanent fruit (bought with Robux, cannot be traded as physical)',
        },
      })
      .where(eq(games.id, 'blox-fruits'))
    // Changed by an editor since: stays.
    await database.db.update(items).set({ notes: 'Edited by the value team' }).where(dough)
    await database.db
      .update(items)
      .set({ aliases: ['Chopper'] })
      .where(blade)

    const migration = readFileSync(path.join(migrationsDir, '0007_catalog_presentation.sql'), 'utf8')
    for (const statement of migration.split('--> statement-breakpoint'))
      await database.db.execute(sql.raw(statement))

    expect((await itemOf('blox-fruits', 'kitsune')).notes).toBe('Beast fruit')
    expect(await itemOf('murder-mystery-2', 'ornament')).toMatchObject({
      trend: 'Rising',
      notes: 'MM2Values: 28; value range 40–50; rarity score 2',
    })
    expect((await itemOf('blox-fruits', 'tiger')).aliases).toEqual(['Leopard'])
    const [fisch] = await database.db.select().from(games).where(eq(games.id, 'fisch'))
    expect(fisch?.valueUnit).toBe('C$')
    const [blox] = await database.db.select().from(games).where(eq(games.id, 'blox-fruits'))
    expect(blox?.variantLabels).toEqual({ physical: 'Physical fruit', permanent: 'Permanent fruit' })
    expect((await itemOf('blox-fruits', 'dough')).notes).toBe('Edited by the value team')
    expect((await itemOf('blox-fruits', 'blade')).aliases).toEqual(['Chopper'])

    // Then 0015 gives the words a fresh import writes.
    const publicWords = readFileSync(path.join(migrationsDir, '0015_public_value_words.sql'), 'utf8')
    for (const statement of publicWords.split('--> statement-breakpoint'))
      await database.db.execute(sql.raw(statement))
    expect((await itemOf('murder-mystery-2', 'ornament')).notes).toBe('Value range 40–50; rarity score 2')
  })
})
