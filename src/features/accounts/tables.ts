import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { SocialLinks } from '@/features/accounts/rules'
import { users } from '../../platform/server/auth/tables'

/** A user's public profile (docs/product.md §6). Username: set once, never changed. */
export const profiles = pgTable(
  'profiles',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text().unique(),
    displayName: text(),
    /**
     * How the username and the display name look (accounts/server/name-skeleton.ts): a display name may not look
     * like another trader's name. Null for a name stored before the column (filled in on start) or one that
     * already looked like another's then.
     */
    usernameSkeleton: text(),
    displayNameSkeleton: text(),
    bio: text().notNull().default(''),
    /** File name under DATA_DIR/uploads/avatars; null = no avatar. */
    avatarFile: text(),
    socialLinks: jsonb().$type<SocialLinks>().notNull().default(sql`'{}'::jsonb`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_display_name_lower_key').on(sql`lower(${t.displayName})`),
    uniqueIndex('profiles_display_name_skeleton_key').on(t.displayNameSkeleton),
    index('profiles_username_skeleton_idx').on(t.usernameSkeleton),
  ],
)

/** A trader who blocked another: the blocked one cannot offer, write or review; their ads are hidden. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
)
