import { eq, inArray, sql } from 'drizzle-orm'
import { profiles } from '@/features/accounts/server/public'
import { REFERRAL_COOKIE } from '@/features/achievements/rules'
import { referrals } from '@/features/achievements/tables'
import { tradingPartnersOf } from '@/features/trading/server/public'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'

/**
 * A sign-up through an invite link (/r/{username}, which leaves the inviter's username in a cookie):
 * recorded once per new account, never for the inviter themself. It counts once the new trader verified
 * the e-mail, chose a username and completed a trade with someone other than the inviter
 * (docs/decisions/038-achievements.md).
 */
export async function recordReferral(
  db: Db,
  userId: string,
  cookie: (name: string) => string | null | undefined,
): Promise<void> {
  const inviter = cookie(REFERRAL_COOKIE)
  if (!inviter) return
  const [referrer] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.username, inviter.toLowerCase()))
  if (!referrer || referrer.userId === userId) return
  await db.insert(referrals).values({ referrerId: referrer.userId, referredId: userId }).onConflictDoNothing()
}

/**
 * The invites these traders sent, each with whether it counts toward Recruiter: the invited trader
 * verified the e-mail, chose a username and completed a trade (one that counts) with someone other than
 * the inviter, so an inviter cannot recruit a second account of their own by trading with it.
 */
export async function invitesOf(db: Db, referrerIds: readonly string[]) {
  const ids = [...new Set(referrerIds)]
  if (ids.length === 0) return []
  const rows = await db
    .select({
      referrerId: referrals.referrerId,
      referredId: referrals.referredId,
      named: sql<boolean>`(${users.emailVerified} and ${profiles.username} is not null)`,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .leftJoin(profiles, eq(profiles.userId, referrals.referredId))
    .where(inArray(referrals.referrerId, ids))
  const partners = await tradingPartnersOf(
    db,
    rows.filter((r) => r.named).map((r) => r.referredId),
  )
  return rows.map(({ referrerId, referredId, named }) => ({
    referrerId,
    referredId,
    counts: named && [...(partners.get(referredId) ?? [])].some((p) => p !== referrerId),
  }))
}

/** Each inviter's recruits: the invites that count (`invitesOf`). */
export async function recruitsOf(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const recruits = new Map<string, number>()
  for (const invite of await invitesOf(db, userIds))
    if (invite.counts) recruits.set(invite.referrerId, (recruits.get(invite.referrerId) ?? 0) + 1)
  return recruits
}

/** Who invited these traders: a trade of theirs can make an inviter a Recruiter. */
export async function invitersOf(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return []
  const rows = await db
    .select({ id: referrals.referrerId })
    .from(referrals)
    .where(inArray(referrals.referredId, [...userIds]))
  return rows.map((r) => r.id)
}
