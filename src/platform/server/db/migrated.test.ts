import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '@/test/database'
import { migrationsDir } from '../lib/paths'
import { migrationsCurrent, newestMigrationAt } from './migrated'

/** A copy of the journal whose newest migration is newer than any the database has (a checkout ahead). */
function journalWithNewerMigration(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'tradehub-journal-'))
  mkdirSync(path.join(folder, 'meta'))
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'))
  const newest = newestMigrationAt()
  journal.entries.push({ idx: journal.entries.length, version: '7', when: newest + 1, tag: '9999_next' })
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal))
  return folder
}

// On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (CI).
describe('are the migrations applied (one query on start)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  beforeAll(async () => {
    database = await createTestDatabase() // opened and migrated
  })
  afterAll(() => database.drop())

  it('a migrated database has them all, and migrating it again runs no migrator', async () => {
    expect(await migrationsCurrent(database.db)).toBe(true)
    expect(await database.migrate()).toBe(false)
  })

  it('a journal with a newer migration than the database recorded is not applied yet', async () => {
    expect(await migrationsCurrent(database.db, journalWithNewerMigration())).toBe(false)
  })

  it('a database never migrated (no migrations table) has not, and has once migrated', async () => {
    for (const statement of [
      'drop schema public cascade',
      'create schema public',
      'drop schema drizzle cascade',
    ]) {
      await database.db.execute(sql.raw(statement))
    }
    expect(await migrationsCurrent(database.db)).toBe(false)
    expect(await database.migrate()).toBe(true)
    expect(await migrationsCurrent(database.db)).toBe(true)
    const items = await database.db.execute(sql`select count(*)::int as n from items`)
    expect(items.rows[0]).toEqual({ n: 0 })
  }, 60_000)
})
