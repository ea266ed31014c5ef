import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { TradeListSide } from '@/features/trade-lists/rules'
import { users } from '../../platform/server/auth/tables'
import { items } from '../catalog/tables'
import { tradeAds } from '../trading/tables'

const at = () => timestamp({ withTimezone: true })

/** A trader's have/want lists of one game: whether their profile shows them, and when they were saved. */
export const tradeLists = pgTable(
  'trade_lists',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: text().notNull(),
    public: boolean().notNull().default(false),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
)

/**
 * One entry of a list, in its place: an item of the game, a variant (null: any) and how many. A new ad
 * finds the traders who want what it offers by (game, side, item).
 */
export const tradeListItems = pgTable(
  'trade_list_items',
  {
    userId: text().notNull(),
    gameId: text().notNull(),
    side: text().$type<TradeListSide>().notNull(),
    position: integer().notNull(),
    itemId: text().notNull(),
    variant: text(),
    quantity: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId, t.side, t.position] }),
    index('trade_list_items_item_idx').on(t.gameId, t.side, t.itemId),
    foreignKey({
      name: 'trade_list_items_list_fk',
      columns: [t.userId, t.gameId],
      foreignColumns: [tradeLists.userId, tradeLists.gameId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'trade_list_items_item_fk',
      columns: [t.gameId, t.itemId],
      foreignColumns: [items.gameId, items.id],
    }).onDelete('cascade'),
    check('trade_list_items_side', sql`${t.side} in ('have', 'want')`),
    check('trade_list_items_quantity', sql`${t.quantity} between 1 and 999`),
  ],
)

/** A trader told that an ad matches their lists: one row per (trader, ad), so it is told once. */
export const tradeMatchNotices = pgTable(
  'trade_match_notices',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tradeAds.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.adId] }), index('trade_match_notices_ad_idx').on(t.adId)],
)
