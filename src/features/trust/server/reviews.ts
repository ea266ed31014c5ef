import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { profiles, userIdOf } from '@/features/accounts/server/public'
import { notifyUser } from '@/features/notifications/server/public'
import { offerForTrader, otherTraderOf } from '@/features/trading/server/public'
import {
  type Review,
  type ReviewRequest,
  type ReviewsResponse,
  reviewRefusal,
  TRUST_LIMITS,
  TRUST_MESSAGES,
} from '@/features/trust/contract'
import { tradeReviews } from '@/features/trust/tables'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import { callHook, type HookDeps } from '@/platform/server/hooks'
import type { DbOrTx } from '@/platform/server/lib/audit'
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
 * Whether the author's review of the subject written now counts toward the subject's rating: only when
 * the author wrote no counted review of them in the 7 days before (one pair of accounts cannot farm a
 * rating). Serialised per author and subject within the caller's transaction.
 */
async function countsForThePair(tx: DbOrTx, authorId: string, subjectId: string, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review-pair:${authorId}:${subjectId}`}))`)
  const since = new Date(now.getTime() - TRUST_LIMITS.countedReviewDays * DAY_MS)
  const [earlier] = await tx
    .select({ id: tradeReviews.id })
    .from(tradeReviews)
    .where(
      and(
        eq(tradeReviews.authorId, authorId),
        eq(tradeReviews.subjectId, subjectId),
        eq(tradeReviews.counted, true),
        gt(tradeReviews.createdAt, since),
      ),
    )
    .limit(1)
  return !earlier
}

/**
 * POST /api/trade-offers/:id/review: one of the two traders reviews the other, once, within 14 days of a
 * trade that was accepted (`reviewRefusal`), whether or not either blocked the other. Anyone else 404
 * (the offer is not revealed); never accepted or too late 409; twice 409. A reviewer younger than 3 days
 * is marked "new account"; the author's first review of this trader in 7 days counts toward the rating.
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
  const refusal = reviewRefusal(offer, now.getTime())
  if (refusal) throw new AppError('CONFLICT', TRUST_MESSAGES[refusal])
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
        counted: await countsForThePair(tx, userId, subjectId, now),
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
