import { eq } from 'drizzle-orm'
import { profiles } from '@/features/accounts/server/public'
import { REFERRAL_COOKIE } from '@/features/achievements/rules'
import { referrals } from '@/features/achievements/tables'
import type { Db } from '@/platform/server/db/client'

/**
 * A sign-up through an invite link (/r/{username}, which leaves the inviter's username in a cookie):
 * recorded once per new account, never for the inviter themself. It counts once the new trader verified
 * the e-mail and chose a username (docs/decisions/038-achievements.md).
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
