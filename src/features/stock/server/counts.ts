import { count, inArray, sql } from 'drizzle-orm'
import { userRoles } from '@/features/roles/server/public'
import type { Db } from '@/platform/server/db/client'
import { stockReports } from '../tables'

/** Each stock manager's reports (every report of a user who manages any game's stock), by user. */
export async function managerReportsOf(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ userId: stockReports.reporterId, n: count() })
    .from(stockReports)
    .where(
      sql`${inArray(stockReports.reporterId, ids)} and exists(select 1 from ${userRoles} ur
        where ur.user_id = ${stockReports.reporterId} and ur.role like '%-stock-manager')`,
    )
    .groupBy(stockReports.reporterId)
  return new Map(rows.flatMap((r) => (r.userId ? [[r.userId, r.n] as const] : [])))
}
