import { foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '@/platform/server/auth/tables'
import { items } from '../catalog/tables'

/** One row per (user, item) favorite: counts are computed from these rows, so they are always exact. */
export const itemFavorites = pgTable(
  'item_favorites',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: text().notNull(),
    itemId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId, t.itemId] }),
    index('item_favorites_item_idx').on(t.gameId, t.itemId),
    foreignKey({ columns: [t.gameId, t.itemId], foreignColumns: [items.gameId, items.id] }).onDelete(
      'cascade',
    ),
  ],
)
