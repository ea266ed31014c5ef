import { inArray, sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import {
  ACHIEVEMENTS,
  type AchievementFacts,
  type AchievementId,
  earnedBy,
} from '@/features/achievements/rules'
import { userAchievements } from '@/features/achievements/tables'
import { ogMembersOf } from '@/features/launch-list/server/public'
import { jobsDoneOf } from '@/features/middlemen/server/public'
import { notifyUser } from '@/features/notifications/server/public'
import { managerReportsOf } from '@/features/stock/server/public'
import { completedTradesOf } from '@/features/trading/server/public'
import { reviewCountsOf } from '@/features/trust/server/public'
import { approvedSuggestionsOf } from '@/features/value-ops/server/public'
import { robloxAccountsOf } from '@/features/verification/server/public'
import { users } from '@/platform/server/auth/tables'
import type { Services } from '@/platform/server/context'
import type { Db } from '@/platform/server/db/client'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { recruitsOf } from './referral'

/** Every cache key of the achievements starts so (the holders' counts). */
export const ACHIEVEMENTS_CACHE_PREFIX = 'achievements:'

/**
 * The database and the read cache: a feature's own deps ({ db, cache }) or the house's ({ database, cache }).
 * Without a cache (an account's creation: sign-in has none), the holders' counts catch up within the
 * cache's lifetime.
 */
export type AwardDeps = Partial<Pick<Services, 'cache'>> & ({ db: Db } | Pick<Services, 'database'>)
const dbOf = (deps: AwardDeps): Db => ('db' in deps ? deps.db : deps.database.db)

/**
 * The answers of `asks`: at once on the database (each on a connection of the pool), one after another
 * in a transaction (a sign-up's hook awards within it), whose one connection takes one query at a time.
 */
async function askAll<T extends readonly unknown[]>(
  db: DbOrTx,
  asks: readonly [...{ [K in keyof T]: () => Promise<T[K]> }],
): Promise<T> {
  if (!(db instanceof PgTransaction))
    return Promise.all(asks.map((ask) => ask())) as Promise<unknown> as Promise<T>
  const answers: unknown[] = []
  for (const ask of asks) answers.push(await ask())
  return answers as unknown as T
}

/**
 * The facts every rule reads, for these users: each asked of the feature that owns it, through its
 * public functions (a batch query each).
 */
export async function factsOf(db: Db, userIds: readonly string[]): Promise<Map<string, AchievementFacts>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const people = await db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(inArray(users.id, ids))
  const [og, roblox, trades, reviews, suggestions, reports, jobs, recruits] = await askAll(db, [
    () =>
      ogMembersOf(
        db,
        people.map((p) => p.email),
      ),
    () => robloxAccountsOf(db, ids),
    () => completedTradesOf(db, ids),
    () => reviewCountsOf(db, ids),
    () => approvedSuggestionsOf(db, ids),
    () => managerReportsOf(db, ids),
    () => jobsDoneOf(db, ids),
    () => recruitsOf(db, ids),
  ])
  return new Map(
    people.map((p) => [
      p.id,
      {
        createdAt: p.createdAt,
        onLaunchList: og.has(p.email.toLowerCase()),
        robloxVerified: roblox.has(p.id),
        completedTrades: trades.get(p.id) ?? 0,
        reviews: reviews.get(p.id)?.count ?? 0,
        averageRating: reviews.get(p.id)?.average ?? null,
        approvedSuggestions: suggestions.get(p.id) ?? 0,
        stockReportsAsManager: reports.get(p.id) ?? 0,
        middlemanJobsDone: jobs.get(p.id) ?? 0,
        recruits: recruits.get(p.id) ?? 0,
      },
    ]),
  )
}

/** The accounts with these e-mail addresses (any case). */
export async function usersWithEmails(db: Db, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return []
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((e) => e.toLowerCase()),
      ),
    )
  return rows.map((r) => r.id)
}

const INFO = new Map(ACHIEVEMENTS.map((a) => [a.id, a]))

/**
 * Checks every rule for these users and writes what they newly earned, once: the row is kept for good
 * and a notification goes with it only when the row was written. Called after each event that can earn
 * one (an account made, the launch list confirmed, trades, reviews, verification, suggestions, stock
 * reports, middleman jobs) and by the catch-up on start; never on a read. The achievements newly earned.
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
    // The holders' counts: the other instances hear of it with the commit.
    if (written.length > 0) await deps.cache?.invalidate(ACHIEVEMENTS_CACHE_PREFIX, tx)
    return written as { userId: string; achievementId: AchievementId }[]
  })
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
