import { sql } from 'drizzle-orm'
import { bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '@/platform/server/auth/tables'

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/**
 * A user's notification. `dedupeKey` names what it is about (an item in a restock window, a value change):
 * one per user and key, whatever repeats upstream. `emailPending`: to go in the next alert mail.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    gameId: text(),
    itemId: text(),
    title: text().notNull(),
    body: text().notNull(),
    link: text().notNull(),
    dedupeKey: text().notNull(),
    emailPending: boolean().notNull().default(false),
    /** An alert whose watch or rule asks for Discord: the webhook post, and a DM once Discord is connected. */
    discord: boolean().notNull().default(false),
    createdAt: createdAt(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_email_idx').on(t.userId).where(sql`${t.emailPending}`),
  ],
)
