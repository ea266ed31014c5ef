import { eq } from 'drizzle-orm'
import { assertNotBlocked } from '@/features/accounts/server/public'
import { notifyTrader } from '@/features/alerts/server/public'
import {
  effectiveAdStatus,
  offerActionRefusal,
  TRADING_MESSAGES,
  type TradeCounterRequest,
  type TradeOffer,
} from '@/features/trading/contract'
import { tradeOfferItems, tradeOffers } from '@/features/trading/tables'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { hitRateLimit } from '@/platform/server/lib/rate-limit'
import { GAME_NAMES, type GameId } from '@/shared/games'
import { adLink } from './ads'
import { invalidateTrading, requireTrader, type TradingDeps } from './deps'
import { insertRound } from './negotiation'
import { assertAdShown, offerForTrader, otherTraderOf, presentOffer } from './offers'
import { cancelAskedBy } from './present'
import { checkSides, type Sides, toStored } from './slots'
import { isTraderShown } from './standing'

/**
 * Whether the trader may counter the offer now, refused as accepting is: the marketplace's policy (a
 * pending offer, their turn, an open ad, rounds left: 409; policy.ts), a block between the two (403),
 * and the other trader in good standing (a suspended offerer: 409; a hidden ad or suspended owner: 404).
 */
async function assertMayCounter(tx: DbOrTx, found: Awaited<ReturnType<typeof offerForTrader>>, now: Date) {
  const { offer, ad, role } = found
  const refusal = offerActionRefusal('counter', {
    role,
    offerStatus: offer.status,
    adStatus: effectiveAdStatus(ad.status, ad.expiresAt, now),
    confirmed: false,
    cancelRequestedBy: cancelAskedBy(offer, ad),
    proposedBy: offer.termsBy,
    round: offer.termsRound,
  })
  if (refusal) throw new AppError(refusal.code, refusal.message)
  await assertNotBlocked(tx, ad.userId, offer.userId)
  if (role === 'offerer') await assertAdShown(tx, ad)
  else if (!(await isTraderShown(tx, offer.userId)))
    throw new AppError('CONFLICT', TRADING_MESSAGES.offererSuspended)
}

/**
 * POST /api/trade-offers/:id/counter: the trader whose turn it is answers the offer's current terms with
 * new ones, in the same offer (its conversation and notices stay in one thread). The new terms become
 * the offer's items and its next round (trade_offer_terms); the other trader's turn, and they are
 * notified. Others: 404; checked as an offer is (the catalog: 400; offers per hour: 429) and refused as
 * accepting is (assertMayCounter), under the ad's and the offer's row locks.
 */
export async function counterOffer(
  t: TradingDeps,
  userId: string,
  offerId: number,
  body: TradeCounterRequest,
): Promise<TradeOffer> {
  const { username } = await requireTrader(t.db, userId)
  const found = await offerForTrader(t.db, offerId, userId)
  const gameId = found.ad.gameId as GameId
  const sides: Sides = { offering: toStored(body.offering), requesting: toStored(body.requesting) }
  await checkSides(t, gameId, sides)
  // Refused before it counts against the limit; checked again under the locks.
  await assertMayCounter(t.db, found, t.now())
  await hitRateLimit(t.db, `trading:offers:${userId}`, t.limits.offersPerHour, TRADING_MESSAGES.offersTooFast)

  await t.db.transaction(async (tx) => {
    const now = t.now()
    const locked = await offerForTrader(tx, offerId, userId, true)
    await assertMayCounter(tx, locked, now)
    const { offer, ad, role } = locked
    const round = offer.termsRound + 1
    await tx.delete(tradeOfferItems).where(eq(tradeOfferItems.offerId, offerId))
    await tx
      .insert(tradeOfferItems)
      .values(
        (['offering', 'requesting'] as const).flatMap((side) =>
          sides[side].map((slot, position) => ({ offerId, side, position, ...slot })),
        ),
      )
    await tx.update(tradeOffers).set({ termsBy: role, termsRound: round }).where(eq(tradeOffers.id, offerId))
    await insertRound(tx, { offerId, round, proposedBy: role, userId, sides, now })
    await notifyTrader(
      tx,
      {
        userId: otherTraderOf(locked),
        kind: 'trade-offer',
        title: role === 'owner' ? `${username} countered your offer` : `${username} countered back`,
        body: `New terms on the ${GAME_NAMES[gameId]} ad: accept, decline or counter them.`,
        link: `${adLink(ad.id)}?offer=${offerId}`,
        dedupeKey: `trade-counter:${offerId}:${round}`,
        gameId,
      },
      t,
    )
    await invalidateTrading(t, tx)
  })
  return presentOffer(t, offerId, userId)
}
