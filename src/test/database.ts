import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openDatabase } from '@/platform/server/db/client'

/**
 * A fresh, migrated database for one test (`catalog`: with the item catalog imported), copied from the
 * run's templates (global-setup.ts): in-memory PGlite, or, when TEST_DATABASE_URL is set (CI), a new
 * database created on that PostgreSQL server and dropped afterwards.
 */
export async function createTestDatabase({
  catalog = false,
} = {}): Promise<Database & { url?: string; drop(): Promise<void> }> {
  const template = inject('databaseTemplates')[catalog ? 'catalog' : 'bare']
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dump: new Blob([readFileSync(template)]) })
    return Object.assign(database, { drop: () => database.close() })
  }
  const name = `tradehub_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 })
  return Object.assign(database, {
    url: url.toString(),
    async drop() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  })
}
