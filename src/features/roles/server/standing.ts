import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { profiles } from '@/features/accounts/server/public'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import { AppError } from '@/platform/server/lib/errors'
import { userSuspensions } from '../tables'

/**
 * An account in good standing: it exists and no moderator or admin suspended it. The one check every
 * feature that lets a trader act asks (trading, value suggestions); `message` is the refusal in the
 * feature's words. Its username comes along (null until one is chosen).
 */
export async function requireGoodStanding(
  db: Db,
  userId: string,
  message: string,
): Promise<{ username: string | null }> {
  const [row] = await db
    .select({ username: profiles.username, suspendedAt: userSuspensions.suspendedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(userSuspensions, eq(userSuspensions.userId, users.id))
    .where(eq(users.id, userId))
  if (!row || row.suspendedAt) throw new AppError('FORBIDDEN', message)
  return { username: row.username }
}

/**
 * The same rule as a SQL condition, for lists and joins: the account `userId` (a column or value) is in
 * good standing, not suspended. What a suspension hides (a trader's ads and offers) and ends (a
 * middleman's access to trades) is decided by it.
 */
export const inGoodStanding = (userId: SQLWrapper): SQL =>
  sql`not exists (select 1 from ${userSuspensions} where ${userSuspensions.userId} = ${userId})`
