import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '@/platform/server/auth/tables'
import { games, items } from '../catalog/tables'
import type { JobCounts, JobFailure } from './contract'

/**
 * An import of one game's pictures. One runs per game at a time (the partial unique index); the server
 * running it writes its progress (`heartbeatAt`), so a job whose server died is known as stopped.
 */
export const itemImageJobs = pgTable(
  'item_image_jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    gameId: text()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** 'running' | 'finished' | 'failed' | 'stopped' */
    status: text().notNull().default('running'),
    startedBy: text().references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    counts: jsonb().$type<Partial<JobCounts>>().notNull().default(sql`'{}'::jsonb`),
    failures: jsonb().$type<JobFailure[]>().notNull().default(sql`'[]'::jsonb`),
    /** Why the job failed as a whole. */
    error: text(),
  },
  (t) => [
    uniqueIndex('item_image_jobs_one_running_key').on(t.gameId).where(sql`${t.status} = 'running'`),
    index('item_image_jobs_game_idx').on(t.gameId, t.id),
    check('item_image_jobs_status_check', sql`${t.status} in ('running', 'finished', 'failed', 'stopped')`),
  ],
)

/** Where an item's imported picture was fetched from: the same address is not fetched again. */
export const itemImageOrigins = pgTable(
  'item_image_origins',
  {
    gameId: text().notNull(),
    itemId: text().notNull(),
    url: text().notNull(),
    importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.itemId] }),
    foreignKey({ columns: [t.gameId, t.itemId], foreignColumns: [items.gameId, items.id] }).onDelete(
      'cascade',
    ),
  ],
)
