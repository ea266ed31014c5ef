import { and, count, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { MIDDLEMAN_ROLE } from '@/features/roles/rules'
import { inGoodStanding, userRoles } from '@/features/roles/server/public'
import type { Db } from '@/platform/server/db/client'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { middlemanRequests } from '../tables'

/**
 * A middleman at work (docs/decisions/036-middlemen.md): `userId` still holds the middleman role and is
 * in good standing (not suspended). The one condition behind every access a job gives: the trade's
 * conversation, its dispute and the dispute's evidence. Losing the role or being suspended ends it at
 * once (and releases their open jobs: `releaseJobs`).
 */
export const atWork = (userId: SQLWrapper): SQL =>
  sql`(exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.role} = ${MIDDLEMAN_ROLE}) and ${inGoodStanding(userId)})`

/**
 * The trade's middleman: the one who took its latest request (claimed, done or failed), while they are
 * at work; `writes` while they work the job, `reads` once they closed it. null: none, or no longer one.
 */
export async function tradeMiddleman(
  db: DbOrTx,
  offerId: number,
  userId?: string,
): Promise<{ id: string; access: 'writes' | 'reads' } | null> {
  const [job] = await db
    .select({
      id: middlemanRequests.middlemanId,
      status: middlemanRequests.status,
      atWork: sql<boolean>`${atWork(middlemanRequests.middlemanId)}`,
    })
    .from(middlemanRequests)
    .where(
      and(
        eq(middlemanRequests.offerId, offerId),
        userId === undefined ? undefined : eq(middlemanRequests.middlemanId, userId),
        inArray(middlemanRequests.status, ['claimed', 'done', 'failed']),
      ),
    )
    .orderBy(desc(middlemanRequests.id))
    .limit(1)
  if (!job?.id || !job.atWork) return null
  return { id: job.id, access: job.status === 'claimed' ? 'writes' : 'reads' }
}

/**
 * The middleman in a trade's conversation: the one who claimed its request writes there while they work
 * it and reads it once they closed the job, as long as they are at work (`tradeMiddleman`); nobody else.
 */
export async function middlemanAccess(
  db: Db,
  offerId: number,
  userId: string,
): Promise<'writes' | 'reads' | null> {
  return (await tradeMiddleman(db, offerId, userId))?.access ?? null
}

/** The middleman working the trade now: new messages reach them live. */
export async function workingMiddleman(db: Db, offerId: number): Promise<string[]> {
  const working = await tradeMiddleman(db, offerId)
  return working?.access === 'writes' ? [working.id] : []
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
