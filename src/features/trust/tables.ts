import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { ReportAction, ReportReason, ReportStatus, ReportTargetKind } from '@/features/trust/rules'
import { users } from '../../platform/server/auth/tables'
import { tradeOffers } from '../trading/tables'

const at = () => timestamp({ withTimezone: true })

/** One trader's review of the other after a completed trade: once per side of an offer. */
export const tradeReviews = pgTable(
  'trade_reviews',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    offerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    comment: text().notNull().default(''),
    /** The author's account was younger than 3 days when they wrote it. */
    newAccount: boolean().notNull().default(false),
    createdAt: at().notNull().defaultNow(),
    /** The author's first review of this trader in 7 days: it counts toward the rating and badges. */
    counted: boolean().notNull().default(false),
    /** A moderator hid it: it shows nowhere and counts for nothing. */
    hiddenAt: at(),
  },
  (t) => [
    uniqueIndex('trade_reviews_offer_author_key').on(t.offerId, t.authorId),
    index('trade_reviews_subject_idx').on(t.subjectId, t.createdAt.desc()),
    index('trade_reviews_author_idx').on(t.authorId, t.subjectId, t.createdAt),
    check('trade_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
)

/** A report of an ad, a message, a review, a suggestion or a user, until a moderator resolves it. */
export const reports = pgTable(
  'reports',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    reporterId: text().references(() => users.id, { onDelete: 'set null' }),
    targetKind: text().$type<ReportTargetKind>().notNull(),
    targetId: text().notNull(),
    /** Who wrote the reported content (the user reported): their earlier reports are shown with it. */
    targetUserId: text().references(() => users.id, { onDelete: 'set null' }),
    reason: text().$type<ReportReason>().notNull(),
    details: text().notNull().default(''),
    status: text().$type<ReportStatus>().notNull().default('open'),
    createdAt: at().notNull().defaultNow(),
    resolvedAt: at(),
    resolvedBy: text().references(() => users.id, { onDelete: 'set null' }),
    action: text().$type<ReportAction>(),
    note: text(),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_key').on(t.reporterId, t.targetKind, t.targetId),
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_target_user_idx').on(t.targetUserId, t.createdAt),
    index('reports_resolved_idx').on(t.resolvedAt).where(sql`${t.status} = 'resolved'`),
  ],
)
