import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import { profiles } from '@/features/accounts/server/public'
import {
  ACHIEVEMENT_LIMITS,
  ACHIEVEMENTS,
  type AchievementId,
  type AchievementsResponse,
  type Badge,
  type ReferralsResponse,
  type UserAchievementsResponse,
} from '@/features/achievements/contract'
import { referrals, userAchievements } from '@/features/achievements/tables'
import { users } from '@/platform/server/auth/tables'
import type { Services } from '@/platform/server/context'
import type { Db } from '@/platform/server/db/client'
import { AppError } from '@/platform/server/lib/errors'
import { ACHIEVEMENTS_CACHE_PREFIX, type AwardDeps, awardAchievements } from './award'

export const HOLDERS_KEY = `${ACHIEVEMENTS_CACHE_PREFIX}holders`

const INFO = new Map(ACHIEVEMENTS.map((a) => [a.id, a]))
const badge = (id: AchievementId): Badge => {
  const { name, icon } = INFO.get(id)!
  return { id, name, icon }
}

/** Every achievement with its rule and how many traders hold it. */
export async function listAchievements(db: Db): Promise<AchievementsResponse> {
  const rows = await db
    .select({ id: userAchievements.achievementId, n: count() })
    .from(userAchievements)
    .groupBy(userAchievements.achievementId)
  const holders = new Map(rows.map((r) => [r.id, r.n]))
  return { achievements: ACHIEVEMENTS.map((a) => ({ ...a, holders: holders.get(a.id) ?? 0 })) }
}

/** The user with this username, 404 when there is none. */
async function userIdOf(db: Db, username: string): Promise<{ userId: string; username: string }> {
  const [row] = await db
    .select({ userId: profiles.userId, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.username, username))
  if (!row?.username) throw new AppError('NOT_FOUND', 'No trader has this username.')
  return { userId: row.userId, username: row.username }
}

/**
 * A trader's achievements with when each was earned, newest first. Reading them checks the rules for
 * this trader first (the catch-up for what no event triggers: the launch list, the account's age).
 */
export async function achievementsOf(
  deps: AwardDeps & Pick<Services, 'database'>,
  username: string,
): Promise<UserAchievementsResponse> {
  const db = deps.database.db
  const user = await userIdOf(db, username)
  await awardAchievements(deps, [user.userId])
  const rows = await db
    .select({ id: userAchievements.achievementId, earnedAt: userAchievements.earnedAt })
    .from(userAchievements)
    .where(eq(userAchievements.userId, user.userId))
    .orderBy(desc(userAchievements.earnedAt), userAchievements.achievementId)
  return {
    username: user.username,
    achievements: rows
      .filter((r) => INFO.has(r.id as AchievementId))
      .map((r) => {
        const info = INFO.get(r.id as AchievementId)!
        return {
          id: info.id,
          name: info.name,
          icon: info.icon,
          rule: info.rule,
          earnedAt: r.earnedAt.toISOString(),
        }
      }),
  }
}

/** The newest few achievements of each of these traders, as ads show them beside the name (one query). */
export async function badgesOf(db: Db, userIds: readonly string[]): Promise<Map<string, Badge[]>> {
  const ids = [...new Set(userIds)]
  const badges = new Map<string, Badge[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return badges
  const rows = await db
    .select({ userId: userAchievements.userId, id: userAchievements.achievementId })
    .from(userAchievements)
    .where(inArray(userAchievements.userId, ids))
    .orderBy(desc(userAchievements.earnedAt), userAchievements.achievementId)
  for (const row of rows) {
    const list = badges.get(row.userId)!
    if (list.length < ACHIEVEMENT_LIMITS.onAds && INFO.has(row.id as AchievementId))
      list.push(badge(row.id as AchievementId))
  }
  return badges
}

/** My invite link and who joined through it (counted once their e-mail is verified and a username chosen). */
export async function referralsOf(db: Db, userId: string): Promise<ReferralsResponse> {
  const [me] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  const rows = await db
    .select({ verified: users.emailVerified, username: profiles.username })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .leftJoin(profiles, eq(profiles.userId, referrals.referredId))
    .where(eq(referrals.referrerId, userId))
  const joined = rows.filter((r) => r.verified && r.username).length
  return { path: me?.username ? `/r/${me.username}` : null, joined, pending: rows.length - joined }
}

/** The inviter behind an invite link: a trader with this username, else null. */
export async function inviterOf(db: Db, username: string): Promise<string | null> {
  const [row] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(and(eq(profiles.username, username), isNotNull(profiles.username)))
  return row?.username ?? null
}
