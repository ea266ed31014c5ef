import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '@/platform/server/auth/tables'

const at = () => timestamp({ withTimezone: true })

/**
 * A Roblox account its owner proved is theirs (the phrase in its About). One Roblox account belongs to
 * one TradeHub account: `roblox_id` is unique. docs/decisions/033-trust-server.md
 */
export const robloxAccounts = pgTable('roblox_accounts', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  robloxId: bigint({ mode: 'number' }).notNull().unique('roblox_accounts_roblox_id_key'),
  /** The Roblox username and display name at verification. */
  name: text().notNull(),
  displayName: text().notNull(),
  /** Roblox's 150×150 headshot (on Roblox's image host), null when Roblox had none. */
  avatarUrl: text(),
  verifiedAt: at().notNull().defaultNow(),
})

/** A verification under way: the Roblox account looked up and the phrase to put in its About. */
export const robloxVerifications = pgTable('roblox_verifications', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  robloxId: bigint({ mode: 'number' }).notNull(),
  name: text().notNull(),
  displayName: text().notNull(),
  phrase: text().notNull(),
  createdAt: at().notNull().defaultNow(),
  expiresAt: at().notNull(),
})
