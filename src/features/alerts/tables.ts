import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { users } from '../../platform/server/auth/tables'
import { outboxStatuses } from '../../platform/server/lib/mail/tables'

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/** An item a user watches: for restocks, value changes or both, and by which channels beyond in-app. */
export const watches = pgTable(
  'watches',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: text().notNull(),
    itemId: text().notNull(),
    restock: boolean().notNull().default(false),
    value: boolean().notNull().default(false),
    email: boolean().notNull().default(true),
    discord: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId, t.itemId] }),
    index('watches_item_idx').on(t.gameId, t.itemId),
    index('watches_created_idx').on(t.createdAt),
  ],
)

/** A rule on stock: any item of the game that fits its conditions (null: any). */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: text().notNull(),
    shop: text(),
    category: text(),
    rarity: text(),
    rarerThan: integer(),
    email: boolean().notNull().default(true),
    discord: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('alert_rules_game_idx').on(t.gameId), index('alert_rules_user_idx').on(t.userId)],
)

/**
 * How a user's alerts leave the site besides in-app: e-mail kinds (restocks, value changes, their trades),
 * a Discord webhook (and whether their trades go there too), the mail pace.
 */
export const alertSettings = pgTable(
  'alert_settings',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailRestock: boolean().notNull().default(false),
    emailValue: boolean().notNull().default(false),
    /** The marketplace's notices (offers, decisions, messages, confirmations, ads ending) by e-mail. */
    emailTrades: boolean().notNull().default(false),
    discordWebhookUrl: text(),
    discordEnabled: boolean().notNull().default(false),
    /** Why Discord delivery stopped (a 404), shown until a new address is saved. */
    discordProblem: text(),
    /** The marketplace's notices on the Discord webhook too. */
    discordTrades: boolean().notNull().default(false),
    lastEmailAt: timestamp({ withTimezone: true }),
    /** When the next alert mail may go, with what was notified meanwhile; null when nothing waits. */
    emailDueAt: timestamp({ withTimezone: true }),
    updatedAt: createdAt(),
  },
  (t) => [index('alert_settings_email_due_idx').on(t.emailDueAt).where(sql`${t.emailDueAt} is not null`)],
)

/** Discord webhook posts waiting to go, delivered like mail (claims, lease, backoff). */
export const discordDeliveries = pgTable(
  'discord_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: outboxStatuses }).notNull().default('pending'),
    /** The JSON body posted to the webhook. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(8),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lockedBy: text(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('discord_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
)
