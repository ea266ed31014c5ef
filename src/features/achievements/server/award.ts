import { inArray, sql } from 'drizzle-orm'
import {
  ACHIEVEMENTS,
  type AchievementFacts,
  type AchievementId,
  earnedBy,
} from '@/features/achievements/rules'
import { userAchievements } from '@/features/achievements/tables'
import { notifyUser } from '@/features/notifications/server/public'
import { users } from '@/platform/server/auth/tables'
import type { Services } from '@/platform/server/context'
import type { Db } from '@/platform/server/db/client'

/** Every cache key of the achievements starts so (the holders' counts). */
export const ACHIEVEMENTS_CACHE_PREFIX = 'achievements:'

/** The database and the read cache: a feature's own deps ({ db, cache }) or the house's ({ database, cache }). */
export type AwardDeps = Pick<Services, 'cache'> & ({ db: Db } | Pick<Services, 'database'>)
const dbOf = (deps: AwardDeps): Db => ('db' in deps ? deps.db : deps.database.db)

const int = (q: ReturnType<typeof sql>) => sql<number>`(${q})::int`.mapWith(Number)
const has = (q: ReturnType<typeof sql>) => sql<boolean>`exists(${q})`.mapWith(Boolean)

/** The facts every rule reads, for these users, in one query. */
export async function factsOf(db: Db, userIds: readonly string[]): Promise<Map<string, AchievementFacts>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      onLaunchList: has(
        sql`select 1 from launch_subscribers l where lower(l.email) = lower(${users.email}) and l.verified and l.is_og`,
      ),
      robloxVerified: has(sql`select 1 from roblox_accounts r where r.user_id = ${users.id}`),
      completedTrades: int(
        sql`select count(*) from trade_offers o join trade_ads a on a.id = o.ad_id
            where o.status = 'completed' and (o.user_id = ${users.id} or a.user_id = ${users.id})`,
      ),
      reviews: int(
        sql`select count(*) from trade_reviews r where r.subject_id = ${users.id} and r.hidden_at is null`,
      ),
      averageRating: sql<number | null>`(${sql`select avg(r.rating)::float8 from trade_reviews r
        where r.subject_id = ${users.id} and r.hidden_at is null`})`,
      approvedSuggestions: int(
        sql`select count(*) from value_suggestions s where s.user_id = ${users.id} and s.status = 'approved'`,
      ),
      stockReportsAsManager: int(
        sql`select count(*) from stock_reports s where s.reporter_id = ${users.id} and exists(
              select 1 from user_roles ur where ur.user_id = ${users.id} and ur.role like '%-stock-manager')`,
      ),
      middlemanJobsDone: int(
        sql`select count(*) from middleman_requests m where m.middleman_id = ${users.id} and m.status = 'done'`,
      ),
      recruits: int(
        sql`select count(*) from referrals f join users u2 on u2.id = f.referred_id
            join profiles p on p.user_id = f.referred_id
            where f.referrer_id = ${users.id} and u2.email_verified and p.username is not null`,
      ),
    })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
  return new Map(
    rows.map(({ id, averageRating, ...facts }) => [
      id,
      { ...facts, averageRating: averageRating === null ? null : Number(averageRating) },
    ]),
  )
}

const INFO = new Map(ACHIEVEMENTS.map((a) => [a.id, a]))

/**
 * Checks every rule for these users and writes what they newly earned, once: the row is kept for good
 * and a notification goes with it only when the row was written. Called after each event that can earn
 * one (trades, reviews, verification, suggestions, stock reports, middleman jobs) and on reads of a
 * profile. The achievements newly earned.
 */
export async function awardAchievements(
  deps: AwardDeps,
  userIds: readonly string[],
): Promise<{ userId: string; achievementId: AchievementId }[]> {
  const db = dbOf(deps)
  const facts = await factsOf(db, userIds)
  const due = [...facts].flatMap(([userId, f]) =>
    earnedBy(f).map((achievementId) => ({ userId, achievementId })),
  )
  if (due.length === 0) return []
  const earned = await db.transaction(async (tx) => {
    const written = await tx
      .insert(userAchievements)
      .values(due)
      .onConflictDoNothing()
      .returning({ userId: userAchievements.userId, achievementId: userAchievements.achievementId })
    for (const { userId, achievementId } of written) {
      const info = INFO.get(achievementId as AchievementId)!
      await notifyUser(tx, {
        userId,
        kind: 'achievement',
        title: `Achievement earned: ${info.name}`,
        body: info.rule,
        link: '/achievements',
        dedupeKey: `achievement:${achievementId}`,
      })
    }
    return written as { userId: string; achievementId: AchievementId }[]
  })
  if (earned.length > 0) deps.cache.invalidate(ACHIEVEMENTS_CACHE_PREFIX)
  return earned
}

/** Users checked per query of the catch-up. */
const CATCH_UP_BATCH = 500

/** The catch-up on start: every existing account gets what it already earned (keyset pages of users). */
export async function awardEveryone(deps: Pick<Services, 'database' | 'cache'>): Promise<void> {
  let after = ''
  for (;;) {
    const page = await dbOf(deps)
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.id} > ${after}`)
      .orderBy(users.id)
      .limit(CATCH_UP_BATCH)
    if (page.length === 0) return
    await awardAchievements(
      deps,
      page.map((u) => u.id),
    )
    after = page.at(-1)!.id
  }
}
