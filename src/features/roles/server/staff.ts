import { and, inArray } from 'drizzle-orm'
import { ADMIN_ROLE, MODERATOR_ROLE } from '@/features/roles/rules'
import { isPrimaryAdmin } from '@/platform/server/auth/roles'
import { users } from '@/platform/server/auth/tables'
import type { Env } from '@/platform/server/env'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { userRoles } from '../tables'

/**
 * Which of these users are staff: moderators and admins (the primary admin too), as `permissionsOf`
 * reads them. A case about one of them is an admin's to decide (`decisionRefusal`, roles/policy.ts).
 */
export async function staffAmong(
  env: Env,
  db: DbOrTx,
  userIds: readonly (string | null)[],
): Promise<Set<string>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))]
  if (ids.length === 0) return new Set()
  const [granted, accounts] = await Promise.all([
    db
      .selectDistinct({ userId: userRoles.userId })
      .from(userRoles)
      .where(and(inArray(userRoles.userId, ids), inArray(userRoles.role, [ADMIN_ROLE, MODERATOR_ROLE]))),
    env.ADMIN_EMAIL
      ? db
          .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
          .from(users)
          .where(inArray(users.id, ids))
      : [],
  ])
  return new Set([
    ...granted.map((r) => r.userId),
    ...accounts.filter((u) => isPrimaryAdmin(env, u)).map((u) => u.id),
  ])
}
