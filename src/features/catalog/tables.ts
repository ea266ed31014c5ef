import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}

export const games = pgTable('games', {
  id: text().primaryKey(),
  name: text().notNull(),
  currency: text().notNull(),
  valueUnit: text().notNull(),
  /** Labels of the per-form values (e.g. Adopt Me Neon Fly Ride), keyed like items.variants. */
  variantLabels: jsonb().$type<Record<string, string>>(),
  sources: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  position: integer().notNull().default(0),
  ...timestamps,
})

export const items = pgTable(
  'items',
  {
    gameId: text()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    id: text().notNull(),
    name: text().notNull(),
    /** Lowercased, accent-free name used for search. */
    searchName: text().notNull(),
    category: text(),
    rarity: text(),
    /** Values reach 1e24 (Grow a Garden pets), past bigint: stored as double precision. */
    value: doublePrecision(),
    variants: jsonb().$type<Record<string, number | null>>(),
    demand: real(),
    trend: text(),
    inGamePrice: doublePrecision(),
    robuxPrice: doublePrecision(),
    notes: text(),
    valueChangedAt: timestamp({ withTimezone: true }),
    /** Where the value comes from ('catalog', 'editor', 'official-rap', 'suggestion') and when that source last gave it. */
    valueSource: text(),
    valueSourceAt: timestamp({ withTimezone: true }),
    /** Former and other names search knows (Leopard for Tiger); editors extend the list. */
    aliases: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** How many exist in the game, per variant (official counts; null when unknown). */
    existCounts: jsonb().$type<Record<string, number>>(),
    /** The image's file stem under DATA_DIR/uploads/items (`-128.webp`, `-256.webp`); null: a generated tile. */
    imageFile: text(),
    /** Retired items leave lists and pickers; their page and old share links still open and say so. */
    retiredAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.id] }),
    index('items_game_search_idx').on(t.gameId, t.searchName),
  ],
)

/**
 * One row per change of an item (the catalog import writes the first point): its value and variants,
 * the other fields it changed (`fields`: old and new of each), who, why and from which source.
 */
export const itemValueChanges = pgTable(
  'item_value_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    gameId: text().notNull(),
    itemId: text().notNull(),
    oldValue: doublePrecision(),
    newValue: doublePrecision(),
    oldVariants: jsonb().$type<Record<string, number | null>>(),
    newVariants: jsonb().$type<Record<string, number | null>>(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    changedBy: text(),
    /** 'catalog' | 'editor' | 'official-rap' | 'suggestion' */
    source: text().notNull(),
    reason: text(),
    fields: jsonb().$type<Record<string, { old: unknown; new: unknown }>>(),
    /** The community suggestion this change applied. */
    suggestionId: bigint({ mode: 'number' }),
  },
  (t) => [
    index('item_value_changes_item_idx').on(t.gameId, t.itemId, t.changedAt),
    index('item_value_changes_changed_at_idx').on(t.changedAt),
    index('item_value_changes_source_idx').on(t.source, t.changedAt),
  ],
)

/**
 * The catalog folders imported so far, by the hash of their files: a start whose catalog is one of them
 * reads neither the files nor the items (src/features/catalog/server/import.ts).
 */
export const catalogImports = pgTable('catalog_imports', {
  hash: text().primaryKey(),
  importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
