import { and, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { inGoodStanding } from '@/features/roles/server/public'
import { users } from '@/platform/server/auth/tables'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { tradeAds } from '../tables'

/**
 * A trader whose ads and offers show (docs/product.md §2): one no moderator or admin suspended. A
 * suspension hides them at once, from every list, read and count, and lifting it brings back what has
 * not ended meanwhile. The one condition for "hidden because suspended": `userId` is a column
 * (`tradeAds.userId`, `tradeOffers.userId`) or a value.
 */
export const traderShown = (userId: SQLWrapper): SQL => inGoodStanding(userId)

/**
 * An ad others may see, whatever its status: no moderator hid it and its owner is not suspended. The
 * lists, the ad's API and page, and v1 (made from them) all ask it.
 */
export const adShown = (): SQL => and(isNull(tradeAds.hiddenAt), traderShown(tradeAds.userId)) as SQL

/** Whether one trader's ads and offers show (the same condition, for a row already in hand). */
export async function isTraderShown(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ shown: sql<boolean>`${traderShown(users.id)}` })
    .from(users)
    .where(eq(users.id, userId))
  return row?.shown === true
}
