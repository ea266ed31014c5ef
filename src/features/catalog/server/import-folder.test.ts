/**
 * The catalog's import on start: skipped by the hash of the folder's files when that folder was imported
 * before, so a restart reads no catalog file's items and no item of the database.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { catalogImports, items } from '@/features/catalog/tables'
import { catalogDir } from '@/platform/server/lib/paths'
import { createTestDatabase } from '@/test/database'
import { catalogHash, importCatalogFolder } from './import'

describe('importCatalogFolder', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let folder = ''
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())
  beforeEach(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'tradehub-catalog-'))
    cpSync(catalogDir, folder, { recursive: true })
    await database.db.execute(sql`truncate games, items, item_value_changes, catalog_imports cascade`)
  })

  const kitsune = and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'kitsune'))

  it('imports a folder once; the same folder again is unchanged and reads no item', async () => {
    const first = await importCatalogFolder(database.db, folder)
    expect(first).toMatchObject({ games: 8 })
    // Gone from the database: an import that compared the items would add it again.
    await database.db.delete(items).where(kitsune)
    expect(await importCatalogFolder(database.db, folder)).toBe('unchanged')
    expect(await database.db.select().from(items).where(kitsune)).toEqual([])
  })

  it('a changed file is imported (only what is missing), then that folder is unchanged', async () => {
    await importCatalogFolder(database.db, folder)
    const file = path.join(folder, 'blox-fruits.json')
    const catalog = JSON.parse(readFileSync(file, 'utf8'))
    catalog.items.push({ ...catalog.items[0], id: 'new-fruit', name: 'New Fruit' })
    writeFileSync(file, JSON.stringify(catalog))
    expect(await importCatalogFolder(database.db, folder)).toEqual({ games: 0, items: 1 })
    expect(await importCatalogFolder(database.db, folder)).toBe('unchanged')
    expect(await database.db.select({ hash: catalogImports.hash }).from(catalogImports)).toHaveLength(2)
  })

  it('a database that holds the catalog without its hash (imported before hashes) writes only the hash', async () => {
    await importCatalogFolder(database.db, folder)
    await database.db.execute(sql`truncate catalog_imports`)
    expect(await importCatalogFolder(database.db, folder)).toEqual({ games: 0, items: 0 })
    expect(await database.db.select().from(catalogImports)).toMatchObject([
      { hash: await catalogHash(folder) },
    ])
    expect(await importCatalogFolder(database.db, folder)).toBe('unchanged')
  })

  it('the hash follows every JSON file of the folder, by name and bytes', async () => {
    const before = await catalogHash(folder)
    expect(await catalogHash(folder)).toBe(before)
    writeFileSync(path.join(folder, 'README.md'), 'not part of the catalog')
    expect(await catalogHash(folder)).toBe(before)
    writeFileSync(
      path.join(folder, 'index.json'),
      `${readFileSync(path.join(folder, 'index.json'), 'utf8')} `,
    )
    expect(await catalogHash(folder)).not.toBe(before)
  })
})
