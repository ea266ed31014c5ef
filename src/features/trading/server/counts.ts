import { and, count, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/platform/server/db/client'
import { tradeAds, tradeOffers } from '../tables'

/** Each trader's completed trades (as the one who offered and as the ad's owner), by user. */
export async function completedTradesOf(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)]
  const completed = new Map<string, number>()
  if (ids.length === 0) return completed
  const [asOfferer, asOwner] = await Promise.all([
    db
      .select({ userId: tradeOffers.userId, n: count() })
      .from(tradeOffers)
      .where(and(eq(tradeOffers.status, 'completed'), inArray(tradeOffers.userId, ids)))
      .groupBy(tradeOffers.userId),
    db
      .select({ userId: tradeAds.userId, n: count() })
      .from(tradeOffers)
      .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
      .where(and(eq(tradeOffers.status, 'completed'), inArray(tradeAds.userId, ids)))
      .groupBy(tradeAds.userId),
  ])
  for (const { userId, n } of [...asOfferer, ...asOwner])
    completed.set(userId, (completed.get(userId) ?? 0) + n)
  return completed
}
