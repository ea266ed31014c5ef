import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../platform/server/auth/tables'

/**
 * An achievement a trader earned: computed from the site's data (src/features/achievements/server),
 * written once when first earned and kept. Never granted by hand.
 */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: text().notNull(),
    earnedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] })],
)

/**
 * A trader who signed up through another's invite link (/r/{username}): one row per referred trader,
 * written when their account is created. It counts once they verified their e-mail, chose a username and
 * completed a trade with someone other than the inviter (checked when read: `invitesOf`).
 * docs/decisions/038-achievements.md
 */
export const referrals = pgTable(
  'referrals',
  {
    referredId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerId)],
)
