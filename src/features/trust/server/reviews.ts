import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { assertNotBlocked, profiles, userIdOf } from '@/features/accounts/server/public'
import { notifyUser } from '@/features/notifications/server/public'
import { offerForTrader, otherTraderOf } from '@/features/trading/server/public'
import {
  type Review,
  type ReviewRequest,
  type ReviewsResponse,
  TRUST_LIMITS,
  TRUST_MESSAGES,
} from '@/features/trust/contract'
import { tradeReviews } from '@/features/trust/tables'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import { callHook, type HookDeps } from '@/platform/server/hooks'
import { AppError } from '@/platform/server/lib/errors'
import { reviewPosted } from './hooks'
import { summaryOf } from './ratings'

const DAY_MS = 24 * 60 * 60 * 1000

export interface ReviewDeps {
  db: Db
  now: () => Date
  /** Where the subject's achievements are written (a review can earn Five stars). */
  award: HookDeps
}

const present = (row: { review: typeof tradeReviews.$inferSelect; author: string | null }): Review => ({
  id: row.review.id,
  offerId: row.review.offerId,
  rating: row.review.rating,
  comment: row.review.comment,
  author: row.author ?? 'deleted',
  newAccount: row.review.newAccount,
  createdAt: row.review.createdAt.toISOString(),
})

/**
 * POST /api/trade-offers/:id/review: one of the two traders reviews the other, once, within 14 days of
 * the trade both confirmed. Anyone else 404 (the offer is not revealed); not completed or too late 409;
 * twice 409; one of them blocked the other 403. A reviewer younger than 3 days is marked "new account".
 */
export async function postReview(
  r: ReviewDeps,
  userId: string,
  offerId: number,
  input: Required<Pick<ReviewRequest, 'rating'>> & { comment?: string },
): Promise<Review> {
  const trade = await offerForTrader(r.db, offerId, userId) // anyone else: 404
  const { offer } = trade
  const subjectId = otherTraderOf(trade)
  const now = r.now()
  if (offer.status !== 'completed' || !offer.completedAt)
    throw new AppError('CONFLICT', TRUST_MESSAGES.reviewNotCompleted)
  if (now.getTime() - offer.completedAt.getTime() > TRUST_LIMITS.reviewDays * DAY_MS)
    throw new AppError('CONFLICT', TRUST_MESSAGES.reviewTooLate)
  await assertNotBlocked(r.db, userId, subjectId)
  const [author] = await r.db
    .select({ createdAt: users.createdAt, username: profiles.username })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  const newAccount = now.getTime() - author!.createdAt.getTime() < TRUST_LIMITS.newAccountDays * DAY_MS
  const review = await r.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tradeReviews)
      .values({
        offerId,
        authorId: userId,
        subjectId,
        rating: input.rating,
        comment: input.comment ?? '',
        newAccount,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) throw new AppError('CONFLICT', TRUST_MESSAGES.reviewExists)
    const name = author!.username ?? 'A trader'
    await notifyUser(tx, {
      userId: subjectId,
      kind: 'trade-review',
      title: `${name} reviewed your trade`,
      body: `${input.rating} out of 5${input.comment ? `: ${input.comment.length > 140 ? `${input.comment.slice(0, 139)}…` : input.comment}` : ''}`,
      link: `/trading/ad/${offer.adId}`,
      dedupeKey: `trade-review:${row.id}`,
    })
    return row
  })
  await callHook(reviewPosted, r.award, [subjectId])
  return present({ review, author: author!.username })
}

/** GET /api/users/:username/reviews: the summary and one page of visible reviews, newest first. */
export async function listReviews(db: Db, username: string, page: number): Promise<ReviewsResponse> {
  const subjectId = await userIdOf(db, username)
  const where = and(eq(tradeReviews.subjectId, subjectId), isNull(tradeReviews.hiddenAt))
  const size = TRUST_LIMITS.reviewsPageSize
  const [rows, [total], summary] = await Promise.all([
    db
      .select({ review: tradeReviews, author: profiles.username })
      .from(tradeReviews)
      .leftJoin(profiles, eq(profiles.userId, tradeReviews.authorId))
      .where(where)
      .orderBy(desc(tradeReviews.createdAt), desc(tradeReviews.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(tradeReviews).where(where),
    summaryOf(db, subjectId),
  ])
  return {
    summary,
    reviews: rows.map(present),
    page,
    pageCount: Math.max(1, Math.ceil((total?.n ?? 0) / size)),
  }
}

/** Who reviewed which of these offers (an offer shows whether each of its traders reviewed it). */
export async function reviewersOf(db: Db, offerIds: readonly number[]) {
  if (offerIds.length === 0) return []
  return db
    .select({ offerId: tradeReviews.offerId, userId: tradeReviews.authorId })
    .from(tradeReviews)
    .where(inArray(tradeReviews.offerId, [...offerIds]))
}

/** Each trader's visible reviews: how many, and their average rating (null with none). */
export async function reviewCountsOf(db: Db, userIds: readonly string[]) {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map<string, { count: number; average: number | null }>()
  const rows = await db
    .select({
      userId: tradeReviews.subjectId,
      n: count(),
      average: sql<number | null>`avg(${tradeReviews.rating})::float8`.mapWith(Number),
    })
    .from(tradeReviews)
    .where(and(inArray(tradeReviews.subjectId, ids), isNull(tradeReviews.hiddenAt)))
    .groupBy(tradeReviews.subjectId)
  return new Map(rows.map((r) => [r.userId, { count: r.n, average: r.average }]))
}
