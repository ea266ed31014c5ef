import { and, count, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/platform/server/db/client'
import { tradeAds, tradeOffers } from '../tables'

/**
 * The trades that count toward a trader's record (completed trades, badges): completed, and the first
 * completed trade of their two traders in 7 days (`counted`, set on completion; docs/product.md §10).
 */
const countsTowardRecord = and(eq(tradeOffers.status, 'completed'), eq(tradeOffers.counted, true))

/** Each trader's counted completed trades (as the one who offered and as the ad's owner), by user. */
export async function completedTradesOf(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)]
  const completed = new Map<string, number>()
  if (ids.length === 0) return completed
  const [asOfferer, asOwner] = await Promise.all([
    db
      .select({ userId: tradeOffers.userId, n: count() })
      .from(tradeOffers)
      .where(and(countsTowardRecord, inArray(tradeOffers.userId, ids)))
      .groupBy(tradeOffers.userId),
    db
      .select({ userId: tradeAds.userId, n: count() })
      .from(tradeOffers)
      .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
      .where(and(countsTowardRecord, inArray(tradeAds.userId, ids)))
      .groupBy(tradeAds.userId),
  ])
  for (const { userId, n } of [...asOfferer, ...asOwner])
    completed.set(userId, (completed.get(userId) ?? 0) + n)
  return completed
}

/**
 * The distinct traders each of these traders completed a trade with, by user (every partner has a
 * counted trade: the first one in 7 days counts).
 */
export async function tradingPartnersOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const ids = [...new Set(userIds)]
  const partners = new Map<string, Set<string>>()
  if (ids.length === 0) return partners
  const [asOfferer, asOwner] = await Promise.all([
    db
      .selectDistinct({ userId: tradeOffers.userId, partnerId: tradeAds.userId })
      .from(tradeOffers)
      .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
      .where(and(countsTowardRecord, inArray(tradeOffers.userId, ids))),
    db
      .selectDistinct({ userId: tradeAds.userId, partnerId: tradeOffers.userId })
      .from(tradeOffers)
      .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
      .where(and(countsTowardRecord, inArray(tradeAds.userId, ids))),
  ])
  for (const { userId, partnerId } of [...asOfferer, ...asOwner])
    partners.set(userId, (partners.get(userId) ?? new Set()).add(partnerId))
  return partners
}
