import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import { disputes } from '@/features/disputes/server/public'
import { completedTradesOf, tradingPartnersOf } from '@/features/trading/server/public'
import { type ReviewSummary, TRUST_LIMITS } from '@/features/trust/contract'
import { tradeReviews } from '@/features/trust/tables'
import type { Db } from '@/platform/server/db/client'

/**
 * The reviews that count toward a trader's rating and badges: visible, and each its author's first of
 * this trader in 7 days (`counted`, set when written). Every visible review still shows in the list.
 */
const countsTowardRating = and(eq(tradeReviews.counted, true), isNull(tradeReviews.hiddenAt))

/** Each trader's counted reviews: how many, their exact average and how many are positive. */
async function countedReviewsOf(db: Db, userIds: readonly string[]) {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map<string, { count: number; average: number; positive: number }>()
  const rows = await db
    .select({
      userId: tradeReviews.subjectId,
      count: count(),
      average: sql<number>`avg(${tradeReviews.rating})::float8`.mapWith(Number),
      positive:
        sql<number>`count(*) filter (where ${tradeReviews.rating} >= ${TRUST_LIMITS.positiveRating})`.mapWith(
          Number,
        ),
    })
    .from(tradeReviews)
    .where(and(inArray(tradeReviews.subjectId, ids), countsTowardRating))
    .groupBy(tradeReviews.subjectId)
  return new Map(rows.map(({ userId, ...counted }) => [userId, counted]))
}

/** Each trader's counted reviews: how many, and their average rating (null with none), for the badges. */
export async function reviewCountsOf(db: Db, userIds: readonly string[]) {
  const counted = await countedReviewsOf(db, userIds)
  return new Map(
    [...counted].map(([id, r]): [string, { count: number; average: number | null }] => [
      id,
      { count: r.count, average: r.average },
    ]),
  )
}

/** Average (one decimal), count and share of positive ratings of a trader's counted reviews; null: none. */
export type Rating = Pick<ReviewSummary, 'average' | 'count' | 'positivePercent'>

export async function ratingsOf(db: Db, userIds: readonly string[]): Promise<Map<string, Rating>> {
  const ids = [...new Set(userIds)]
  const counted = await countedReviewsOf(db, ids)
  return new Map(
    ids.map((id): [string, Rating] => {
      const r = counted.get(id)
      if (!r) return [id, { average: null, count: 0, positivePercent: null }]
      return [
        id,
        {
          average: Math.round(r.average * 10) / 10,
          count: r.count,
          positivePercent: Math.round((r.positive / r.count) * 100),
        },
      ]
    }),
  )
}

/** Disputes against this trader a moderator upheld: "dispute upheld" on their record. */
export async function disputesUpheldOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disputes)
    .where(and(eq(disputes.respondentId, userId), eq(disputes.status, 'upheld')))
  return row?.n ?? 0
}

/** A trader's summary on their profile (and in API v1): counted reviews and trades, partners, disputes. */
export async function summaryOf(db: Db, userId: string): Promise<ReviewSummary> {
  const [ratings, completedTrades, partners, disputesUpheld] = await Promise.all([
    ratingsOf(db, [userId]),
    completedTradesOf(db, [userId]),
    tradingPartnersOf(db, [userId]),
    disputesUpheldOf(db, userId),
  ])
  const r = ratings.get(userId)!
  return {
    average: r.average,
    count: r.count,
    completedTrades: completedTrades.get(userId) ?? 0,
    partners: partners.get(userId)?.size ?? 0,
    positivePercent: r.positivePercent,
    disputesUpheld,
  }
}
