import { is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'

/** Every table of the database, by its export name: the platform's and each feature's tables.ts. */
export const ALL_TABLES: Readonly<Record<string, PgTable>> = Object.fromEntries(
  Object.values(
    import.meta.glob<Record<string, unknown>>(
      ['../features/*/tables.ts', '../platform/server/**/tables.ts', '../platform/server/lib/*-tables.ts'],
      { eager: true },
    ),
  )
    .flatMap((module) => Object.entries(module))
    .filter((entry): entry is [string, PgTable] => is(entry[1], PgTable)),
)
