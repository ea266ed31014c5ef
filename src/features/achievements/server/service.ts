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
import { userAchievements } from '@/features/achievements/tables'
import type { Db } from '@/platform/server/db/client'
import { AppError } from '@/platform/server/lib/errors'
import { ACHIEVEMENTS_CACHE_PREFIX } from './award'
import { invitesOf } from './referral'

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
 * A trader's achievements with when each was earned, newest first: what was written when earned (each
 * event that can earn one awards it; a read never writes).
 */
export async function achievementsOf(db: Db, username: string): Promise<UserAchievementsResponse> {
  const user = await userIdOf(db, username)
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

/**
 * My invite link and who joined through it: counted once they verified their e-mail, chose a username
 * and completed a trade with someone other than me (`invitesOf`); the others are pending.
 */
export async function referralsOf(db: Db, userId: string): Promise<ReferralsResponse> {
  const [me] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  const invites = await invitesOf(db, [userId])
  const joined = invites.filter((i) => i.counts).length
  return { path: me?.username ? `/r/${me.username}` : null, joined, pending: invites.length - joined }
}

/** The inviter behind an invite link: a trader with this username, else null. */
export async function inviterOf(db: Db, username: string): Promise<string | null> {
  const [row] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(and(eq(profiles.username, username), isNotNull(profiles.username)))
  return row?.username ?? null
}
