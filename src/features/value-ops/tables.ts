import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '../../platform/server/auth/tables'
import { items } from '../catalog/tables'

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/**
 * A value a trader suggests for an item. One pending suggestion per user and item; an editor of the
 * game approves it (the value is changed, the change record links it) or rejects it with a note.
 */
export const valueSuggestions = pgTable(
  'value_suggestions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    gameId: text().notNull(),
    itemId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: doublePrecision().notNull(),
    reason: text().notNull(),
    evidenceUrl: text(),
    /** 'pending' | 'approved' | 'rejected' */
    status: text().notNull().default('pending'),
    note: text(),
    decidedBy: text().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.gameId, t.itemId], foreignColumns: [items.gameId, items.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('value_suggestions_one_pending_key')
      .on(t.userId, t.gameId, t.itemId)
      .where(sql`${t.status} = 'pending'`),
    index('value_suggestions_item_idx').on(t.gameId, t.itemId, t.createdAt),
    index('value_suggestions_status_idx').on(t.status, t.createdAt),
    index('value_suggestions_user_idx').on(t.userId, t.createdAt),
    check('value_suggestions_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
)

/** One vote per user and suggestion: up (1) or down (-1); taking it back deletes the row. */
export const suggestionVotes = pgTable(
  'suggestion_votes',
  {
    suggestionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => valueSuggestions.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: smallint().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.suggestionId, t.userId] }),
    check('suggestion_votes_vote_check', sql`${t.vote} in (-1, 1)`),
  ],
)

/**
 * The official price import of a game: when it runs next (every instance's scheduler claims a due run
 * with a lease, so one instance at a time imports), and what its last run did.
 */
export const valueImports = pgTable('value_imports', {
  gameId: text().primaryKey(),
  nextRunAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Held by the instance running the import until then (a crashed run's lease runs out). */
  leaseUntil: timestamp({ withTimezone: true }),
  lastStartedAt: timestamp({ withTimezone: true }),
  lastFinishedAt: timestamp({ withTimezone: true }),
  lastOk: boolean(),
  /** What the last run did, in words ("12 values changed", or why it failed). */
  lastResult: text(),
  lastCounts: jsonb().$type<Record<string, number>>(),
  /** Names the official API knows that the catalog lacks, for an editor to add. */
  unknownItems: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
})

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * An item's image at one size (128 and 256 px WebP, re-encoded from the upload), kept in the database
 * so every instance serves it. `version` is in its address, so a new upload gets a new address.
 * `source`: 'upload' (the value team, by hand) or 'import' (item-images, from the game's own sources);
 * an import never replaces an upload.
 */
export const itemImages = pgTable(
  'item_images',
  {
    gameId: text().notNull(),
    itemId: text().notNull(),
    size: smallint().notNull(),
    version: text().notNull(),
    bytes: bytea().notNull(),
    /** 'upload' | 'import' */
    source: text().notNull().default('upload'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.itemId, t.size] }),
    check('item_images_source_check', sql`${t.source} in ('upload', 'import')`),
    foreignKey({ columns: [t.gameId, t.itemId], foreignColumns: [items.gameId, items.id] }).onDelete(
      'cascade',
    ),
  ],
)
