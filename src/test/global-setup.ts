import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { readCatalog } from '@/features/catalog/server/catalog-file'
import { importCatalog } from '@/features/catalog/server/import'
import { openDatabase } from '@/platform/server/db/client'
import { catalogDir } from '@/platform/server/lib/paths'

/**
 * Where a test database starts from: made once per run, migrated, once bare and once with the catalog
 * imported. On PGlite they are data-folder dumps that a test loads (no initdb, no migrations); on
 * PostgreSQL (TEST_DATABASE_URL) they are template databases that CREATE DATABASE copies.
 */
export interface DatabaseTemplates {
  bare: string
  catalog: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates
  }
}

async function migrated(options: Parameters<typeof openDatabase>[0], withCatalog: boolean) {
  const database = await openDatabase(options)
  await database.migrate()
  if (withCatalog) await importCatalog(database.db, await readCatalog(catalogDir))
  return database
}

async function pgliteTemplates(): Promise<{ templates: DatabaseTemplates; cleanup: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradehub-db-templates-'))
  const templates = { bare: path.join(dir, 'bare.tar'), catalog: path.join(dir, 'catalog.tar') }
  for (const [file, withCatalog] of [
    [templates.bare, false],
    [templates.catalog, true],
  ] as const) {
    const database = await migrated({ kind: 'pglite' }, withCatalog)
    const client = (database.db as unknown as { $client: PGlite }).$client
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()))
    await database.close()
  }
  return { templates, cleanup: async () => rmSync(dir, { recursive: true, force: true }) }
}

async function postgresTemplates(serverUrl: string) {
  const prefix = `tradehub_tpl_${process.pid}_${Date.now().toString(36)}`
  const templates = { bare: `${prefix}_bare`, catalog: `${prefix}_catalog` }
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    for (const [name, withCatalog] of [
      [templates.bare, false],
      [templates.catalog, true],
    ] as const) {
      await admin.query(`CREATE DATABASE ${name}`)
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      const database = await migrated({ kind: 'postgres', url: url.toString(), poolSize: 2 }, withCatalog)
      await database.close()
    }
  } finally {
    await admin.end()
  }
  const cleanup = async () => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    for (const name of Object.values(templates))
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.end()
  }
  return { templates, cleanup }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL
  const { templates, cleanup } = serverUrl ? await postgresTemplates(serverUrl) : await pgliteTemplates()
  project.provide('databaseTemplates', templates)
  return cleanup
}
