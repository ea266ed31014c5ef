import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Every admin and role action, written in the transaction of the action. Append-only: a trigger
 * (migration 0003) refuses UPDATE and DELETE. E-mails are copied so an entry outlives its accounts.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    action: text().notNull(),
    actorId: text(),
    actorEmail: text(),
    targetUserId: text(),
    targetEmail: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action, t.at)],
)
