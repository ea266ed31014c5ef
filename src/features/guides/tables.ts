import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { GAME_IDS } from '@/shared/games'
import { users } from '../../platform/server/auth/tables'
import { GUIDE_STATUSES } from './rules'

/**
 * The guides (/guides): Markdown written by staff, with its sanitized HTML and headings rendered on
 * save. `authorId` null: written by the site (the starting guides) or a removed account.
 */
export const guides = pgTable(
  'guides',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    game: text({ enum: GAME_IDS }),
    body: text().notNull(),
    html: text().notNull(),
    headings: jsonb().$type<{ id: string; text: string; level: number }[]>().notNull().default([]),
    summary: text().notNull().default(''),
    status: text({ enum: GUIDE_STATUSES }).notNull().default('draft'),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('guides_status_idx').on(t.status, t.updatedAt),
    check('guides_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
)

/** Every save of a guide: its title and body then, who saved it (null: the site) and when. */
export const guideRevisions = pgTable(
  'guide_revisions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    guideId: bigint({ mode: 'number' })
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    byId: text().references(() => users.id, { onDelete: 'set null' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guide_revisions_guide_idx').on(t.guideId, t.at)],
)
