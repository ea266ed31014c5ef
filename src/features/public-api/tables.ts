import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../platform/server/auth/tables'

/**
 * Keys of the public API v1 (docs/decisions/040-public-api-v1.md): a trader's key raises the v1 limit of
 * its requests. Only the sha256 of the key is kept, with its first characters to tell keys apart; the use
 * is counted in batches with the limit (`useCount`, `lastUsedAt`).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    useCount: bigint({ mode: 'number' }).notNull().default(0),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
)
