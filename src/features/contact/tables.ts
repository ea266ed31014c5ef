import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { CONTACT_STATUSES, CONTACT_TOPICS } from './rules'

/**
 * Messages sent with the contact form (/contact): listed in the admin area, where admins mark them
 * answered or closed. The reply address is the sender's word, never checked against the accounts.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    topic: text({ enum: CONTACT_TOPICS }).notNull(),
    message: text().notNull(),
    /** Trimmed and lowercased. */
    email: text().notNull(),
    status: text({ enum: CONTACT_STATUSES }).notNull().default('new'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.createdAt)],
)
