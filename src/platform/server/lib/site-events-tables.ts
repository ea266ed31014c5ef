import { sql } from 'drizzle-orm'
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/**
 * Events of the site that features follow (alerts, the bot's /track) (a restock report, a value change), written in the transaction
 * of the change itself: an alert worker claims each once (FOR UPDATE SKIP LOCKED) and turns it into
 * notifications, so a crash between the change and its alerts loses nothing.
 */
export const siteEvents = pgTable(
  'site_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** 'restock' | 'value-change' */
    kind: text().notNull(),
    gameId: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('site_events_pending_idx').on(t.id).where(sql`${t.processedAt} is null`)],
)
