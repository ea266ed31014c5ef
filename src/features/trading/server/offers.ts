import { and, count, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm'
import { assertNotBlocked } from '@/features/accounts/server/public'
import { notifyTrader } from '@/features/alerts/server/public'
import {
  effectiveAdStatus,
  offerActionRefusal,
  TRADING_LIMITS,
  TRADING_MESSAGES,
  type TradeOffer,
  type TradeOfferRequest,
} from '@/features/trading/contract'
import {
  tradeAdItems,
  tradeAds,
  tradeConfirmations,
  tradeOfferItems,
  tradeOffers,
} from '@/features/trading/tables'
import { callHook } from '@/platform/server/hooks'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { hitRateLimit } from '@/platform/server/lib/rate-limit'
import { GAME_NAMES, type GameId } from '@/shared/games'
import { adLink, declinePendingOffers, findAdRow } from './ads'
import { invalidateTrading, requireTrader, type TradingDeps } from './deps'
import { tradeCompleted } from './hooks'
import { insertRound } from './negotiation'
import { type AdRow, cancelAskedBy, type OfferRow, presentOffers } from './present'
import { checkSides, type Sides, type StoredSlot, toStored } from './slots'
import { isTraderShown, traderShown } from './standing'

/** The stored sides of an ad. */
async function adSides(tx: DbOrTx, adId: number): Promise<Sides> {
  const rows = await tx
    .select()
    .from(tradeAdItems)
    .where(eq(tradeAdItems.adId, adId))
    .orderBy(tradeAdItems.side, tradeAdItems.position)
  const pick = (side: string): StoredSlot[] =>
    rows
      .filter((r) => r.side === side)
      .map((r) => ({ itemId: r.itemId, variant: r.variant, quantity: r.quantity }))
  return { offering: pick('offering'), requesting: pick('requesting') }
}

/** 404 for an ad others may not see: a moderator hid it, or its owner is suspended (standing.ts). */
export async function assertAdShown(tx: DbOrTx, ad: AdRow): Promise<void> {
  if (ad.hiddenAt || !(await isTraderShown(tx, ad.userId)))
    throw new AppError('NOT_FOUND', TRADING_MESSAGES.adNotFound)
}

/**
 * A trader makes an offer on someone else's open ad: as requested (no sides: they give what the ad
 * requests and get what it offers) or a counter-offer (either side their own). 60 offers an hour (429);
 * one pending offer per ad and trader (409); on their own ad: 403; an ad not open: 409.
 */
export async function createOffer(
  t: TradingDeps,
  userId: string,
  adId: number,
  body: TradeOfferRequest,
): Promise<number> {
  const { username } = await requireTrader(t.db, userId)
  const ad = await findAdRow(t.db, adId)
  await assertAdShown(t.db, ad)
  if (ad.userId === userId) throw new AppError('FORBIDDEN', TRADING_MESSAGES.ownAd)
  await assertNotBlocked(t.db, userId, ad.userId) // trust: either blocked the other (403)
  if (effectiveAdStatus(ad.status, ad.expiresAt, t.now()) !== 'open')
    throw new AppError('CONFLICT', TRADING_MESSAGES.adNotOpen)
  const asRequested = body.offering === undefined && body.requesting === undefined
  const ads = await adSides(t.db, adId)
  const sides: Sides = {
    offering: body.offering ? toStored(body.offering) : ads.requesting,
    requesting: body.requesting ? toStored(body.requesting) : ads.offering,
  }
  if (sides.offering.length === 0)
    throw new AppError('VALIDATION_FAILED', `offering: ${TRADING_MESSAGES.nothingRequested}`, {
      fields: { offering: TRADING_MESSAGES.nothingRequested },
    })
  const gameId = ad.gameId as GameId
  await checkSides(t, gameId, sides)
  await hitRateLimit(t.db, `trading:offers:${userId}`, t.limits.offersPerHour, TRADING_MESSAGES.offersTooFast)

  const id = await t.db.transaction(async (tx) => {
    const now = t.now()
    const locked = await findAdRow(tx, adId, true)
    await assertAdShown(tx, locked)
    if (effectiveAdStatus(locked.status, locked.expiresAt, now) !== 'open')
      throw new AppError('CONFLICT', TRADING_MESSAGES.adNotOpen)
    const [row] = await tx
      .insert(tradeOffers)
      .values({ adId, userId, asRequested, note: body.note ?? '', createdAt: now })
      .onConflictDoNothing()
      .returning({ id: tradeOffers.id })
    if (!row) throw new AppError('CONFLICT', TRADING_MESSAGES.offerExists)
    const slots = (['offering', 'requesting'] as const).flatMap((side) =>
      sides[side].map((slot, position) => ({ offerId: row.id, side, position, ...slot })),
    )
    await tx.insert(tradeOfferItems).values(slots)
    // The negotiation's first round: the offer's terms, the offerer's (the owner's turn).
    await insertRound(tx, { offerId: row.id, round: 1, proposedBy: 'offerer', userId, sides, now })
    await notifyTrader(
      tx,
      {
        userId: ad.userId,
        kind: 'trade-offer',
        title: asRequested ? 'New offer on your trade ad' : 'New counter-offer on your trade ad',
        body: `${username} made an offer on your ${GAME_NAMES[gameId]} ad.`,
        link: adLink(adId),
        dedupeKey: `trade-offer:${row.id}`,
        gameId,
      },
      t,
    )
    await invalidateTrading(t, tx)
    return row.id
  })
  return id
}

const withAd = (t: Pick<TradingDeps, 'db'>) =>
  t.db
    .select({ offer: tradeOffers, ad: tradeAds })
    .from(tradeOffers)
    .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))

/** GET /api/trade-ads/:id/offers: the owner sees every offer, anyone else their own (newest first). */
export async function listOffers(t: TradingDeps, userId: string, adId: number): Promise<TradeOffer[]> {
  const ad = await findAdRow(t.db, adId)
  // The owner sees every offer but a suspended trader's (standing.ts); anyone else their own.
  const rows = await withAd(t)
    .where(
      and(
        eq(tradeOffers.adId, adId),
        ad.userId === userId ? traderShown(tradeOffers.userId) : eq(tradeOffers.userId, userId),
      ),
    )
    .orderBy(desc(tradeOffers.id))
  return presentOffers(t, rows, userId)
}

/** My trades: the offers I sent and the offers on my ads, newest first. */
export async function myOffers(t: TradingDeps, userId: string) {
  const [sent, received] = await Promise.all([
    withAd(t)
      .where(eq(tradeOffers.userId, userId))
      .orderBy(desc(tradeOffers.id))
      .limit(TRADING_LIMITS.mineMax),
    withAd(t)
      .where(and(eq(tradeAds.userId, userId), traderShown(tradeOffers.userId)))
      .orderBy(desc(tradeOffers.id))
      .limit(TRADING_LIMITS.mineMax),
  ])
  const [presentedSent, presentedReceived] = await Promise.all([
    presentOffers(t, sent, userId),
    presentOffers(t, received, userId),
  ])
  return { sent: presentedSent, received: presentedReceived }
}

export type TraderRole = 'owner' | 'offerer'

/**
 * The offer and its ad, with the user's part in it; 404 for anyone but its two traders (the offer is not
 * revealed). `lock`: FOR UPDATE in the caller's transaction, the ad's row first and then the offer's, the
 * order every decision takes (closing an ad declines its offers under the ad's lock too).
 */
export async function offerForTrader(
  tx: DbOrTx,
  offerId: number,
  userId: string,
  lock = false,
): Promise<{ offer: OfferRow; ad: AdRow; role: TraderRole }> {
  const notFound = () => new AppError('NOT_FOUND', TRADING_MESSAGES.offerNotFound)
  const [found] = await tx.select().from(tradeOffers).where(eq(tradeOffers.id, offerId))
  if (!found) throw notFound()
  const ad = await findAdRow(tx, found.adId, lock)
  const [offer] = lock
    ? await tx.select().from(tradeOffers).where(eq(tradeOffers.id, offerId)).for('update')
    : [found]
  const role = ad.userId === userId ? 'owner' : offer?.userId === userId ? 'offerer' : null
  if (!offer || !role) throw notFound()
  return { offer, ad, role }
}

/** The other trader of an offer, for one of its two. */
export const otherTraderOf = ({ offer, ad, role }: { offer: OfferRow; ad: AdRow; role: TraderRole }) =>
  role === 'owner' ? offer.userId : ad.userId

/** The offer as one of its two traders sees it (404 for anyone else): GET /api/trade-offers/:id. */
export async function presentOffer(t: TradingDeps, offerId: number, userId: string): Promise<TradeOffer> {
  const row = await offerForTrader(t.db, offerId, userId)
  const [offer] = await presentOffers(t, [row], userId)
  return offer!
}

type Decision = 'accept' | 'decline' | 'cancel'

const DECISION_NOTICE = {
  accept: { kind: 'trade-accepted', title: 'Your offer was accepted', verb: 'accepted' },
  decline: { kind: 'trade-declined', title: 'Your offer was declined', verb: 'declined' },
  cancel: { kind: 'trade-cancelled', title: 'An offer on your ad was cancelled', verb: 'cancelled' },
  // The notice's kind is what a trader's settings know; the ask and the agreement are both cancellations.
  askCancel: {
    kind: 'trade-cancelled',
    title: 'Your trade partner asked to cancel',
    verb: 'asked to cancel',
  },
  agreeCancel: { kind: 'trade-cancelled', title: 'Your trade was cancelled', verb: 'agreed to cancel' },
  // The offerer's answer to the owner's counter.
  acceptCounter: { kind: 'trade-accepted', title: 'Your counter-offer was accepted', verb: 'accepted' },
  declineCounter: { kind: 'trade-declined', title: 'Your counter-offer was declined', verb: 'declined' },
} as const

/**
 * What a decision by `userId` (in `role`) writes on the offer's row, and the notice the other trader
 * gets. Accepting takes the current terms (the offer's items, the last round).
 */
function decisionEffect(decision: Decision, offer: OfferRow, userId: string, role: TraderRole, now: Date) {
  const decided = (status: 'accepted' | 'declined' | 'cancelled') => ({ status, decidedAt: now })
  const ofCounter = role === 'offerer'
  if (decision === 'accept')
    return {
      set: { ...decided('accepted'), acceptedAt: now },
      notice: ofCounter ? DECISION_NOTICE.acceptCounter : DECISION_NOTICE.accept,
    }
  if (decision === 'decline')
    return {
      set: decided('declined'),
      notice: ofCounter ? DECISION_NOTICE.declineCounter : DECISION_NOTICE.decline,
    }
  if (offer.status === 'pending') return { set: decided('cancelled'), notice: DECISION_NOTICE.cancel }
  // An accepted trade: the first to ask records it; the other's ask is their agreement.
  return offer.cancelRequestedBy === null
    ? { set: { cancelRequestedBy: userId }, notice: DECISION_NOTICE.askCancel }
    : { set: decided('cancelled'), notice: DECISION_NOTICE.agreeCancel }
}

/**
 * The owner accepts a pending offer (one per ad: the ad's row is locked, so two accepts at once accept
 * one) or declines it; the offerer cancels their pending offer; on an accepted trade either trader asks
 * to cancel and the other's ask cancels it. Each in one transaction, the other trader notified. Others:
 * 404; the wrong trader: 403; the wrong status: 409; accepting an offer across a block: 403.
 */
export async function decideOffer(
  t: TradingDeps,
  userId: string,
  offerId: number,
  decision: Decision,
): Promise<TradeOffer> {
  const { username } = await requireTrader(t.db, userId)
  await t.db.transaction(async (tx) => {
    const now = t.now()
    const { offer, ad, role } = await offerForTrader(tx, offerId, userId, true)
    const refusal = offerActionRefusal(decision, {
      role,
      offerStatus: offer.status,
      adStatus: effectiveAdStatus(ad.status, ad.expiresAt, now),
      confirmed: false,
      cancelRequestedBy: cancelAskedBy(offer, ad),
      proposedBy: offer.termsBy,
      round: offer.termsRound,
    })
    if (refusal) throw new AppError(refusal.code, refusal.message)
    if (decision === 'accept') {
      // A block made after the offer stops the trade before it starts (never after: see completeOffer).
      await assertNotBlocked(tx, ad.userId, offer.userId)
      // The other trader in good standing: the offerer (409), or the owner, whose ad hides (404).
      if (role === 'offerer') await assertAdShown(tx, ad)
      else if (!(await isTraderShown(tx, offer.userId)))
        throw new AppError('CONFLICT', TRADING_MESSAGES.offererSuspended)
      const [taken] = await tx
        .select({ n: count() })
        .from(tradeOffers)
        .where(
          and(
            eq(tradeOffers.adId, ad.id),
            inArray(tradeOffers.status, ['accepted', 'completed']),
            ne(tradeOffers.id, offerId),
          ),
        )
      if ((taken?.n ?? 0) > 0) throw new AppError('CONFLICT', TRADING_MESSAGES.otherAccepted)
    }
    const { set, notice } = decisionEffect(decision, offer, userId, role, now)
    await tx.update(tradeOffers).set(set).where(eq(tradeOffers.id, offerId))
    await notifyTrader(
      tx,
      {
        userId: otherTraderOf({ offer, ad, role }),
        kind: notice.kind,
        title: notice.title,
        body: `${username} ${notice.verb} the offer on the ${GAME_NAMES[ad.gameId as GameId]} ad.`,
        link: adLink(ad.id),
        dedupeKey: `${notice.kind}:${offerId}:${notice.verb}`,
        gameId: ad.gameId,
      },
      t,
    )
    await invalidateTrading(t, tx)
  })
  return presentOffer(t, offerId, userId)
}

/**
 * Whether a trade these two traders complete now counts toward their records (completed trades,
 * partners, badges): only when they completed no counted trade together in the 7 days before, so two
 * accounts cannot farm a record (docs/product.md). Serialised per pair within the caller's transaction.
 */
async function countsForThePair(tx: DbOrTx, a: string, b: string, now: Date): Promise<boolean> {
  const [first, second] = a < b ? [a, b] : [b, a]
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`trade-pair:${first}:${second}`}))`)
  const since = new Date(now.getTime() - TRADING_LIMITS.countedPairDays * DAY_MS)
  const [earlier] = await tx
    .select({ id: tradeOffers.id })
    .from(tradeOffers)
    .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
    .where(
      and(
        eq(tradeOffers.counted, true),
        gt(tradeOffers.completedAt, since),
        or(
          and(eq(tradeOffers.userId, first), eq(tradeAds.userId, second)),
          and(eq(tradeOffers.userId, second), eq(tradeAds.userId, first)),
        ),
      ),
    )
    .limit(1)
  return !earlier
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * POST /api/trade-offers/:id/complete: one trader confirms the accepted offer's trade happened. The
 * second confirmation completes it: the offer `completed`, the ad `traded`, its other pending offers
 * declined, both traders notified — once, whoever confirms twice or at the same time (the offer's row
 * is locked). Confirming a completed offer again answers it as it is.
 */
export async function completeOffer(t: TradingDeps, userId: string, offerId: number): Promise<TradeOffer> {
  const { username } = await requireTrader(t.db, userId)
  let traders: string[] = []
  await t.db.transaction(async (tx) => {
    const now = t.now()
    const { offer, ad, role } = await offerForTrader(tx, offerId, userId, true)
    if (offer.status === 'completed') return
    const refusal = offerActionRefusal('confirm', {
      role,
      offerStatus: offer.status,
      adStatus: effectiveAdStatus(ad.status, ad.expiresAt, now),
      confirmed: false,
      cancelRequestedBy: cancelAskedBy(offer, ad),
      proposedBy: offer.termsBy,
      round: offer.termsRound,
    })
    if (refusal) throw new AppError(refusal.code, refusal.message)
    await tx.insert(tradeConfirmations).values({ offerId, userId, createdAt: now }).onConflictDoNothing()
    const confirmed = await tx
      .select({ userId: tradeConfirmations.userId })
      .from(tradeConfirmations)
      .where(eq(tradeConfirmations.offerId, offerId))
    const other = otherTraderOf({ offer, ad, role })
    const game = GAME_NAMES[ad.gameId as GameId]
    if (!confirmed.some((c) => c.userId === other)) {
      await notifyTrader(
        tx,
        {
          userId: other,
          kind: 'trade-confirmed',
          title: `${username} confirmed the trade`,
          body: `Confirm it too once you have traded in ${game}: the trade is then recorded as completed.`,
          link: adLink(ad.id),
          dedupeKey: `trade-confirmed:${offerId}:${userId}`,
          gameId: ad.gameId,
        },
        t,
      )
      await invalidateTrading(t, tx)
      return
    }
    await tx
      .update(tradeOffers)
      .set({
        status: 'completed',
        completedAt: now,
        counted: await countsForThePair(tx, ad.userId, offer.userId, now),
      })
      .where(eq(tradeOffers.id, offerId))
    await tx.update(tradeAds).set({ status: 'traded', closedAt: now }).where(eq(tradeAds.id, ad.id))
    await declinePendingOffers(t, tx, ad, now, {
      title: 'An ad you made an offer on has traded',
      body: `The ${game} ad was traded with another trader.`,
    })
    for (const trader of [ad.userId, offer.userId])
      await notifyTrader(
        tx,
        {
          userId: trader,
          kind: 'trade-completed',
          title: 'Trade completed',
          body: `Both traders confirmed the ${game} trade.`,
          link: adLink(ad.id),
          dedupeKey: `trade-completed:${offerId}`,
          gameId: ad.gameId,
        },
        t,
      )
    traders = [ad.userId, offer.userId]
    await invalidateTrading(t, tx) // the other instances hear of the trade with its commit
  })
  // The hook reads the committed trade and writes the traders' new achievements; the ads show them, so
  // they are dropped again once it is done.
  await callHook(tradeCompleted, t, traders)
  if (traders.length > 0) await invalidateTrading(t)
  return presentOffer(t, offerId, userId)
}
