import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { SUBSCRIBER_STATUSES } from './rules'

/** The early-access list (docs/product.md §7), tokens stored only as SHA-256 hashes. */
export const launchSubscribers = pgTable('launch_subscribers', {
  id: uuid().primaryKey().defaultRandom(),
  /** Trimmed and lowercased. */
  email: text().notNull().unique(),
  verificationTokenHash: text().unique(),
  verificationTokenExpiresAt: timestamp({ withTimezone: true }),
  unsubscribeTokenHash: text().notNull().unique(),
  isOg: boolean().notNull().default(true),
  status: text({ enum: SUBSCRIBER_STATUSES }).notNull().default('pending'),
  verified: boolean().notNull().default(false),
  /** When the last verification mail was queued: the resend cooldown counts from here. */
  lastMailAt: timestamp({ withTimezone: true }),
  verifiedAt: timestamp({ withTimezone: true }),
  unsubscribedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
