import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { ROLES } from '@/features/roles/rules'
import { users } from '../../platform/server/auth/tables'

const roleList = sql.raw(ROLES.map((r) => `'${r}'`).join(', '))

/**
 * The roles of docs/product.md §2: `admin` and `{game}-stock-manager` for the games with stock. One row per user
 * and role; the primary admin (ADMIN_EMAIL) needs none.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The admin who granted it (null: that account is gone). */
    grantedBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    index('user_roles_role_idx').on(t.role),
    check('user_roles_role_check', sql`${t.role} in (${roleList})`),
  ],
)

/** A suspended account: it cannot sign in, and its sessions were ended when it was suspended. */
export const userSuspensions = pgTable('user_suspensions', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text().notNull(),
  suspendedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  suspendedBy: text().references(() => users.id, { onDelete: 'set null' }),
})
