import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { migrationsDir } from '../lib/paths'
import type { Db } from './client'

/** The time (drizzle-kit's `when`, in ms) of the newest migration in the folder's journal. */
export function newestMigrationAt(migrationsFolder = migrationsDir): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(0, ...journal.entries.map((entry) => entry.when))
}

/**
 * Whether the database has every migration of the folder already, in one query: drizzle's migrator
 * applies those newer than the newest it recorded (`created_at`, the migration's `when`), so when that is
 * at least the journal's newest, it would apply nothing. A database drizzle never migrated (no table):
 * false. The migrator itself reads and hashes every migration file and runs a transaction even when it
 * has nothing to do; this check is what a restart costs instead.
 */
export async function migrationsCurrent(db: Db, migrationsFolder = migrationsDir): Promise<boolean> {
  const newest = newestMigrationAt(migrationsFolder)
  try {
    const result = await db.execute(
      sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
    )
    const applied = (result.rows[0] as { applied: string | null } | undefined)?.applied
    return applied !== null && applied !== undefined && Number(applied) >= newest
  } catch {
    return false
  }
}
