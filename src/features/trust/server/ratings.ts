import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm'
import { disputes } from '@/features/disputes/server/public'
import { tradeAds, tradeOffers } from '@/features/trading/server/public'
import { type ReviewSummary, TRUST_LIMITS } from '@/features/trust/contract'
import { tradeReviews } from '@/features/trust/tables'
import type { Db } from '@/platform/server/db/client'

const DAY_MS = 24 * 60 * 60 * 1000
const L = TRUST_LIMITS

interface Given {
  authorId: string
  subjectId: string
  rating: number
  createdAt: Date
}

/** Whether more than `pairReviews` of these times fall within `pairWindowDays` of each other. */
function burst(times: number[]): boolean {
  const sorted = [...times].sort((a, b) => a - b)
  for (let i = 0; i + L.pairReviews < sorted.length; i++)
    if (sorted[i + L.pairReviews]! - sorted[i]! <= L.pairWindowDays * DAY_MS) return true
  return false
}

/**
 * The ratings that count in a trader's average: each review, except that the reviews of an author who
 * with this trader reviewed each other more than 3 times within 30 days (both ways) count once (their mean).
 */
export function countedRatings(subjectId: string, reviews: readonly Given[]): number[] {
  const byAuthor = new Map<string, Given[]>()
  for (const r of reviews)
    if (r.subjectId === subjectId) byAuthor.set(r.authorId, [...(byAuthor.get(r.authorId) ?? []), r])
  return [...byAuthor].flatMap(([authorId, given]) => {
    const pair = reviews.filter(
      (r) =>
        (r.authorId === authorId && r.subjectId === subjectId) ||
        (r.authorId === subjectId && r.subjectId === authorId),
    )
    const ratings = given.map((r) => r.rating)
    if (!burst(pair.map((r) => r.createdAt.getTime()))) return ratings
    return [ratings.reduce((a, b) => a + b, 0) / ratings.length]
  })
}

/** The visible reviews given to or by these traders (both ways: the pair rule needs the replies). */
async function reviewsAround(db: Db, userIds: readonly string[]): Promise<Given[]> {
  return db
    .select({
      authorId: tradeReviews.authorId,
      subjectId: tradeReviews.subjectId,
      rating: tradeReviews.rating,
      createdAt: tradeReviews.createdAt,
    })
    .from(tradeReviews)
    .where(
      and(
        isNull(tradeReviews.hiddenAt),
        or(inArray(tradeReviews.subjectId, userIds), inArray(tradeReviews.authorId, userIds)),
      ),
    )
    .orderBy(desc(tradeReviews.createdAt))
}

/** Average (one decimal) and count of a trader's visible reviews; null average: none yet. */
export type Rating = Omit<ReviewSummary, 'completedTrades' | 'disputesUpheld'>

export async function ratingsOf(db: Db, userIds: readonly string[]): Promise<Map<string, Rating>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const reviews = await reviewsAround(db, ids)
  return new Map(
    ids.map((id): [string, Rating] => {
      const counted = countedRatings(id, reviews)
      const n = reviews.filter((r) => r.subjectId === id).length
      if (counted.length === 0) return [id, { average: null, count: 0, positivePercent: null }]
      const average = Math.round((counted.reduce((a, b) => a + b, 0) / counted.length) * 10) / 10
      const positive = counted.filter((r) => r >= L.positiveRating).length
      return [id, { average, count: n, positivePercent: Math.round((positive / counted.length) * 100) }]
    }),
  )
}

/** Trades this trader completed (as the ad's owner or as the offerer). */
export async function completedTradesOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tradeOffers)
    .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
    .where(
      and(
        eq(tradeOffers.status, 'completed'),
        or(eq(tradeOffers.userId, userId), eq(tradeAds.userId, userId)),
      ),
    )
  return row?.n ?? 0
}

/** Disputes against this trader a moderator upheld: "dispute upheld" on their record. */
export async function disputesUpheldOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disputes)
    .where(and(eq(disputes.respondentId, userId), eq(disputes.status, 'upheld')))
  return row?.n ?? 0
}

/** A trader's summary on their profile. */
export async function summaryOf(db: Db, userId: string): Promise<ReviewSummary> {
  const [ratings, completedTrades, disputesUpheld] = await Promise.all([
    ratingsOf(db, [userId]),
    completedTradesOf(db, userId),
    disputesUpheldOf(db, userId),
  ])
  const r = ratings.get(userId)!
  return {
    average: r.average,
    count: r.count,
    completedTrades,
    positivePercent: r.positivePercent,
    disputesUpheld,
  }
}
