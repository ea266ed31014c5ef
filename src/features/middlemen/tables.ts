import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '../../platform/server/auth/tables'
import { tradeOffers } from '../trading/tables'
import { MIDDLEMAN_REQUEST_STATUSES } from './rules'

const at = () => timestamp({ withTimezone: true })

/**
 * An official middleman's public card (/escrow-service): the games they work (empty: every game). The
 * role itself is in user_roles (`middleman`); this row is written when they set their games.
 */
export const middlemen = pgTable('middlemen', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  games: text().array().notNull().default(sql`'{}'::text[]`),
  updatedAt: at().notNull().defaultNow(),
})

/**
 * A trader of an accepted offer asks for an official middleman: the queue of open requests, claimed by
 * one middleman (first claim wins), who then joins the offer's conversation and closes the job as done or
 * failed with a note. One request open (`open` or `claimed`) per offer.
 */
export const middlemanRequests = pgTable(
  'middleman_requests',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    offerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    requestedBy: text().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: MIDDLEMAN_REQUEST_STATUSES }).notNull().default('open'),
    middlemanId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at().notNull().defaultNow(),
    claimedAt: at(),
    closedAt: at(),
    /** The middleman's note when closing the job (done or failed). */
    note: text(),
  },
  (t) => [
    uniqueIndex('middleman_requests_open_key').on(t.offerId).where(sql`${t.status} in ('open', 'claimed')`),
    index('middleman_requests_queue_idx').on(t.status, t.createdAt),
    index('middleman_requests_middleman_idx').on(t.middlemanId, t.status),
    check(
      'middleman_requests_status_check',
      sql`${t.status} in ('open', 'claimed', 'done', 'failed', 'cancelled')`,
    ),
  ],
)

/** A trader's rating of a closed middleman job: once per trader and job. */
export const middlemanRatings = pgTable(
  'middleman_ratings',
  {
    requestId: bigint({ mode: 'number' })
      .notNull()
      .references(() => middlemanRequests.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    comment: text().notNull().default(''),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.authorId] }),
    check('middleman_ratings_rating_check', sql`${t.rating} between 1 and 5`),
  ],
)
