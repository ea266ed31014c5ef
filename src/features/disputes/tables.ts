import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../platform/server/auth/tables'
import { tradeOffers } from '../trading/tables'
import { DISPUTE_REASONS, DISPUTE_STATUSES } from './rules'

const at = () => timestamp({ withTimezone: true })
const reasonList = sql.raw(DISPUTE_REASONS.map((r) => `'${r}'`).join(', '))

/**
 * A trader's dispute of an accepted or completed trade (an offer) against the other trader, until a
 * moderator decides it upheld or rejected. One open dispute per trade.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    offerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    openerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The other trader of the trade: an upheld dispute marks their record. */
    respondentId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text({ enum: DISPUTE_REASONS }).notNull(),
    details: text().notNull().default(''),
    status: text({ enum: DISPUTE_STATUSES }).notNull().default('open'),
    createdAt: at().notNull().defaultNow(),
    resolvedAt: at(),
    resolvedBy: text().references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text(),
  },
  (t) => [
    uniqueIndex('disputes_open_key').on(t.offerId).where(sql`${t.status} = 'open'`),
    index('disputes_opener_idx').on(t.openerId, t.createdAt.desc()),
    index('disputes_respondent_idx').on(t.respondentId, t.status),
    index('disputes_status_idx').on(t.status, t.createdAt),
    check('disputes_reason_check', sql`${t.reason} in (${reasonList})`),
    check('disputes_status_check', sql`${t.status} in ('open', 'upheld', 'rejected')`),
  ],
)

/** An evidence image of a dispute (re-encoded WebP under DATA_DIR), at most 5 a dispute. */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    disputeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    /** The stored file's name. */
    file: text().notNull(),
    width: bigint({ mode: 'number' }).notNull(),
    height: bigint({ mode: 'number' }).notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('dispute_evidence_dispute_idx').on(t.disputeId, t.id)],
)

/** The messages of a dispute: the two traders, the trade's middleman, moderators. */
export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    disputeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('dispute_messages_dispute_idx').on(t.disputeId, t.id)],
)
