import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth'

/**
 * An achievement a trader earned: computed from the site's data (src/server/features/achievements),
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
