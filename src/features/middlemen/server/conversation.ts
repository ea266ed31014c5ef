import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/platform/server/db/client'
import { middlemanRequests } from '../tables'

/**
 * The middleman in a trade's conversation (docs/decisions/036-middlemen.md): the one who claimed its
 * request writes there while they work it and reads it once they closed the job; nobody else.
 */
export async function middlemanAccess(
  db: Db,
  offerId: number,
  userId: string,
): Promise<'writes' | 'reads' | null> {
  const [job] = await db
    .select({ status: middlemanRequests.status })
    .from(middlemanRequests)
    .where(
      and(
        eq(middlemanRequests.offerId, offerId),
        eq(middlemanRequests.middlemanId, userId),
        inArray(middlemanRequests.status, ['claimed', 'done', 'failed']),
      ),
    )
    .orderBy(desc(middlemanRequests.id))
    .limit(1)
  return job ? (job.status === 'claimed' ? 'writes' : 'reads') : null
}

/** The middleman working the trade now: new messages reach them live. */
export async function workingMiddleman(db: Db, offerId: number): Promise<string[]> {
  const rows = await db
    .select({ id: middlemanRequests.middlemanId })
    .from(middlemanRequests)
    .where(and(eq(middlemanRequests.offerId, offerId), eq(middlemanRequests.status, 'claimed')))
    .limit(1)
  return rows.flatMap((r) => (r.id ? [r.id] : []))
}

/** Each middleman's jobs closed as done, by user. */
export async function jobsDoneOf(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ userId: middlemanRequests.middlemanId, n: count() })
    .from(middlemanRequests)
    .where(and(inArray(middlemanRequests.middlemanId, ids), eq(middlemanRequests.status, 'done')))
    .groupBy(middlemanRequests.middlemanId)
  return new Map(rows.flatMap((r) => (r.userId ? [[r.userId, r.n] as const] : [])))
}
