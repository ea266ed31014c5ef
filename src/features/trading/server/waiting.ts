import { and, count, eq, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import { tradeAds, tradeConfirmations, tradeOffers } from '@/features/trading/tables'
import type { Db } from '@/platform/server/db/client'
import { adOpenAt } from './ad-status'
import type { TraderRole } from './offers'
import { traderShown } from './standing'

/**
 * The SQL twin of `waitsFor` (policy.ts), over `trade_offers` joined with its `trade_ads`: the offers
 * that wait for `userId` in this role at `now`. A pending offer on an open ad waits for the trader whose
 * turn it is (the one who did not propose its terms, `terms_by`); each trader confirms an accepted trade
 * until they have; the other trader's ask to cancel waits for an answer. As on "My trades", the owner
 * never counts a suspended trader's offers (standing.ts). waiting.test.ts holds the two forms together.
 */
export function waitingAs(role: TraderRole, userId: string, now: Date): SQL {
  const notConfirmed = sql`not exists (select 1 from ${tradeConfirmations} where ${tradeConfirmations.offerId} = ${tradeOffers.id} and ${tradeConfirmations.userId} = ${userId})`
  const acceptedWaits = and(
    eq(tradeOffers.status, 'accepted'),
    or(
      and(isNull(tradeOffers.cancelRequestedBy), notConfirmed),
      and(isNotNull(tradeOffers.cancelRequestedBy), ne(tradeOffers.cancelRequestedBy, userId)),
    ),
  )
  // My turn: the other trader proposed the current terms.
  const pendingWaits = and(eq(tradeOffers.status, 'pending'), ne(tradeOffers.termsBy, role), adOpenAt(now))
  if (role === 'offerer') return and(eq(tradeOffers.userId, userId), or(pendingWaits, acceptedWaits)) as SQL
  return and(
    eq(tradeAds.userId, userId),
    traderShown(tradeOffers.userId),
    or(pendingWaits, acceptedWaits),
  ) as SQL
}

/**
 * GET /api/me/trades/waiting: how many trades wait for the trader, on their ads and on the offers they
 * sent. Two indexed counts (a trader's ads, a trader's offers), read on each request.
 */
export async function waitingFor(db: Db, userId: string, now: Date): Promise<number> {
  const countAs = async (role: TraderRole) => {
    const [row] = await db
      .select({ n: count() })
      .from(tradeOffers)
      .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
      .where(waitingAs(role, userId, now))
    return row?.n ?? 0
  }
  const [asOwner, asOfferer] = await Promise.all([countAs('owner'), countAs('offerer')])
  return asOwner + asOfferer
}
