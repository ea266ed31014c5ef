import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const outboxStatuses = ['pending', 'sending', 'sent', 'failed'] as const

/**
 * The mail outbox, `pending_emails` (docs/product.md §7): every mail the product sends is a row here first, in the
 * same transaction as the change that caused it, and a worker delivers it.
 */
export const pendingEmails = pgTable(
  'pending_emails',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    status: text({ enum: outboxStatuses }).notNull().default('pending'),
    toEmail: text().notNull(),
    subject: text().notNull(),
    /** Cleared once sent, so links with tokens do not linger. */
    htmlBody: text(),
    textBody: text(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** 1 is the most urgent (launch mails). */
    priority: integer().notNull().default(5),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(10),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While `sending`, the claim holds until then; a worker that died loses it after the lease. */
    lockedUntil: timestamp({ withTimezone: true }),
    lockedBy: text(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pending_emails_due_idx').on(t.status, t.priority, t.nextAttemptAt),
    index('pending_emails_to_idx').on(t.toEmail, t.createdAt),
  ],
)
