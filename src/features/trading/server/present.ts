import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { profiles } from '@/features/accounts/server/public'
import type { ItemSummary } from '@/features/catalog/contract'
import {
  effectiveAdStatus,
  type OfferFacts,
  offerActions,
  type TradeAd,
  type TradeOffer,
  type TradeOfferRound,
  type Trader,
  waitsFor,
  whoseTurn,
} from '@/features/trading/contract'
import {
  tradeAdItems,
  tradeAds,
  tradeConfirmations,
  tradeMessages,
  tradeOfferItems,
  tradeOffers,
} from '@/features/trading/tables'
import { robloxAccountsOf } from '@/features/verification/server/public'
import type { Db } from '@/platform/server/db/client'
import { callHook } from '@/platform/server/hooks'
import type { GameId } from '@/shared/games'
import { completedTradesOf } from './counts'
import type { TradingDeps } from './deps'
import { offerReviewers, type TraderExtras, traderExtras } from './hooks'
import { presentRound, roundsOf, sidesOfRound } from './negotiation'
import { itemsOf, presentSlots, type Sides, type StoredSlot, wflOf } from './slots'
import { traderShown } from './standing'

export type AdRow = typeof tradeAds.$inferSelect
export type OfferRow = typeof tradeOffers.$inferSelect

/** Which of the two traders asked to cancel the accepted trade. */
export const cancelAskedBy = (offer: OfferRow, ad: AdRow): 'owner' | 'offerer' | null =>
  offer.cancelRequestedBy === null ? null : offer.cancelRequestedBy === ad.userId ? 'owner' : 'offerer'

/** What the reader may do to the offer now, and whether it waits for them (neither for a non-trader). */
const readersPart = (facts: OfferFacts | null): Pick<TradeOffer, 'actions' | 'waiting'> =>
  facts ? { actions: offerActions(facts), waiting: waitsFor(facts) } : { actions: [], waiting: false }

const AVATAR_URL_PREFIX = '/uploads/avatars/'
const iso = (d: Date | null) => d?.toISOString() ?? null

/** The Verified badge's facts. */
const trustOf = (account: { name: string; displayName: string; avatarUrl: string | null } | undefined) =>
  account ? { name: account.name, displayName: account.displayName, avatarUrl: account.avatarUrl } : null

/** The traders with these ids as ads and offers show them (a trader without a username: "deleted"). */
export async function tradersOf(db: Db, userIds: readonly string[]): Promise<Map<string, Trader>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const [people, completed, roblox, extraLists] = await Promise.all([
    db
      .select({
        userId: profiles.userId,
        username: profiles.username,
        displayName: profiles.displayName,
        avatarFile: profiles.avatarFile,
      })
      .from(profiles)
      .where(inArray(profiles.userId, ids)),
    completedTradesOf(db, ids),
    robloxAccountsOf(db, ids),
    callHook(traderExtras, db, ids),
  ])
  const extras = new Map<string, TraderExtras>()
  for (const list of extraLists) for (const [id, more] of list) extras.set(id, { ...extras.get(id), ...more })
  const byId = new Map(people.map((p) => [p.userId, p]))
  return new Map(
    ids.map((id) => {
      const p = byId.get(id)
      return [
        id,
        {
          username: p?.username ?? 'deleted',
          displayName: p?.displayName ?? null,
          avatar: p?.avatarFile ? `${AVATAR_URL_PREFIX}${p.avatarFile}` : null,
          completedTrades: completed.get(id) ?? 0,
          roblox: trustOf(roblox.get(id)),
          reviews: extras.get(id)?.reviews ?? { average: null, count: 0 },
          achievements: extras.get(id)?.achievements ?? [],
        },
      ]
    }),
  )
}

type SlotRow = { side: string; itemId: string; variant: string | null; quantity: number }

function sidesBy<K>(rows: readonly (SlotRow & { owner: K })[]): Map<K, Sides> {
  const sides = new Map<K, Sides>()
  for (const row of rows) {
    const entry = sides.get(row.owner) ?? { offering: [], requesting: [] }
    sides.set(row.owner, entry)
    const slot: StoredSlot = { itemId: row.itemId, variant: row.variant, quantity: row.quantity }
    if (row.side === 'offering') entry.offering.push(slot)
    else entry.requesting.push(slot)
  }
  return sides
}

const EMPTY: Sides = { offering: [], requesting: [] }

/** Catalog facts of the items of several games' sides, by game. */
async function catalogFacts(t: Pick<TradingDeps, 'db' | 'cache'>, byGame: Map<GameId, Sides[]>) {
  const facts = new Map<GameId, Map<string, ItemSummary>>()
  for (const [game, sides] of byGame) facts.set(game, await itemsOf(t, game, sides))
  return facts
}

function groupByGame<T>(entries: readonly T[], gameOf: (e: T) => GameId, sidesOf: (e: T) => Sides) {
  const byGame = new Map<GameId, Sides[]>()
  for (const e of entries) byGame.set(gameOf(e), [...(byGame.get(gameOf(e)) ?? []), sidesOf(e)])
  return byGame
}

/** Ads as the API shows them: both sides with the catalog's facts, the owner, the verdict. */
export async function presentAds(
  t: Pick<TradingDeps, 'db' | 'cache'>,
  rows: readonly AdRow[],
  now: Date,
): Promise<TradeAd[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [slotRows, owners, pending, accepted] = await Promise.all([
    t.db
      .select({
        owner: tradeAdItems.adId,
        side: tradeAdItems.side,
        itemId: tradeAdItems.itemId,
        variant: tradeAdItems.variant,
        quantity: tradeAdItems.quantity,
      })
      .from(tradeAdItems)
      .where(inArray(tradeAdItems.adId, ids))
      .orderBy(asc(tradeAdItems.adId), asc(tradeAdItems.side), asc(tradeAdItems.position)),
    tradersOf(
      t.db,
      rows.map((r) => r.userId),
    ),
    t.db
      .select({ adId: tradeOffers.adId, n: count() })
      .from(tradeOffers)
      // A suspended trader's offers are hidden: out of the count too.
      .where(
        and(
          inArray(tradeOffers.adId, ids),
          eq(tradeOffers.status, 'pending'),
          traderShown(tradeOffers.userId),
        ),
      )
      .groupBy(tradeOffers.adId),
    t.db
      .select({ adId: tradeOffers.adId })
      .from(tradeOffers)
      .where(and(inArray(tradeOffers.adId, ids), eq(tradeOffers.status, 'accepted'))),
  ])
  const sides = sidesBy(slotRows)
  const pendingBy = new Map(pending.map((p) => [p.adId, p.n]))
  const acceptedAds = new Set(accepted.map((a) => a.adId))
  const facts = await catalogFacts(
    t,
    groupByGame(
      rows,
      (r) => r.gameId as GameId,
      (r) => sides.get(r.id) ?? EMPTY,
    ),
  )
  return rows.map((row) => {
    const game = row.gameId as GameId
    const items = facts.get(game) ?? new Map()
    const ad = sides.get(row.id) ?? EMPTY
    return {
      id: row.id,
      game,
      status: effectiveAdStatus(row.status, row.expiresAt, now),
      owner: owners.get(row.userId)!,
      offering: presentSlots(ad.offering, items),
      requesting: presentSlots(ad.requesting, items),
      tags: row.tags,
      note: row.note,
      hours: row.hours,
      createdAt: row.createdAt.toISOString(),
      listedAt: row.listedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      closedAt:
        iso(row.closedAt) ?? (row.status === 'open' && row.expiresAt <= now ? iso(row.expiresAt) : null),
      pendingOffers: pendingBy.get(row.id) ?? 0,
      accepted: acceptedAds.has(row.id),
      wfl: wflOf(game, ad, items),
    }
  })
}

/** Offers (each with its ad's row) as the API shows them. */
export async function presentOffers(
  t: Pick<TradingDeps, 'db' | 'cache' | 'now'>,
  rows: readonly { offer: OfferRow; ad: AdRow }[],
  viewerId: string,
): Promise<TradeOffer[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.offer.id)
  const [slotRows, traders, confirmations, reviews, messages, terms] = await Promise.all([
    t.db
      .select({
        owner: tradeOfferItems.offerId,
        side: tradeOfferItems.side,
        itemId: tradeOfferItems.itemId,
        variant: tradeOfferItems.variant,
        quantity: tradeOfferItems.quantity,
      })
      .from(tradeOfferItems)
      .where(inArray(tradeOfferItems.offerId, ids))
      .orderBy(asc(tradeOfferItems.offerId), asc(tradeOfferItems.side), asc(tradeOfferItems.position)),
    tradersOf(
      t.db,
      rows.flatMap((r) => [r.offer.userId, r.ad.userId]),
    ),
    t.db
      .select({ offerId: tradeConfirmations.offerId, userId: tradeConfirmations.userId })
      .from(tradeConfirmations)
      .where(inArray(tradeConfirmations.offerId, ids)),
    callHook(offerReviewers, t.db, ids).then((lists) => lists.flat()),
    t.db
      .select({ offerId: tradeMessages.offerId, n: count() })
      .from(tradeMessages)
      .where(inArray(tradeMessages.offerId, ids))
      .groupBy(tradeMessages.offerId),
    roundsOf(t.db, ids),
  ])
  const sides = sidesBy(slotRows)
  const confirmed = new Set(confirmations.map((c) => `${c.offerId}:${c.userId}`))
  const reviewed = new Set(reviews.map((r) => `${r.offerId}:${r.userId}`))
  const messageCount = new Map(messages.map((m) => [m.offerId, m.n]))
  const facts = await catalogFacts(
    t,
    groupByGame(
      rows,
      (r) => r.ad.gameId as GameId,
      // The current terms and every earlier round's (an item may be on an earlier round only).
      (r) => {
        const all = [sides.get(r.offer.id) ?? EMPTY, ...(terms.get(r.offer.id) ?? []).map(sidesOfRound)]
        return { offering: all.flatMap((s) => s.offering), requesting: all.flatMap((s) => s.requesting) }
      },
    ),
  )
  const now = t.now()
  return rows.map(({ offer, ad }) => {
    const game = ad.gameId as GameId
    const items = facts.get(game) ?? new Map()
    const own = sides.get(offer.id) ?? EMPTY
    const role = ad.userId === viewerId ? 'owner' : offer.userId === viewerId ? 'offerer' : null
    return {
      id: offer.id,
      adId: ad.id,
      game,
      status: offer.status,
      asRequested: offer.asRequested,
      offerer: traders.get(offer.userId)!,
      owner: traders.get(ad.userId)!,
      offering: presentSlots(own.offering, items),
      requesting: presentSlots(own.requesting, items),
      note: offer.note,
      wfl: wflOf(game, own, items),
      turn: offer.status === 'pending' ? whoseTurn(offer.termsBy) : null,
      rounds: (terms.get(offer.id) ?? []).map((round) =>
        presentRound(round, game, items, traders.get(round.userId)),
      ),
      createdAt: offer.createdAt.toISOString(),
      decidedAt: iso(offer.decidedAt),
      acceptedAt: iso(offer.acceptedAt),
      completedAt: iso(offer.completedAt),
      cancelRequestedBy: cancelAskedBy(offer, ad),
      confirmed: {
        owner: confirmed.has(`${offer.id}:${ad.userId}`),
        offerer: confirmed.has(`${offer.id}:${offer.userId}`),
      },
      reviewed: {
        owner: reviewed.has(`${offer.id}:${ad.userId}`),
        offerer: reviewed.has(`${offer.id}:${offer.userId}`),
      },
      messages: messageCount.get(offer.id) ?? 0,
      ...readersPart(
        role && {
          role,
          offerStatus: offer.status,
          adStatus: effectiveAdStatus(ad.status, ad.expiresAt, now),
          confirmed: confirmed.has(`${offer.id}:${viewerId}`),
          cancelRequestedBy: cancelAskedBy(offer, ad),
          proposedBy: offer.termsBy,
          round: offer.termsRound,
        },
      ),
    }
  })
}

/**
 * An offer's negotiation, oldest first: each round's items with their values, totals and verdicts, who
 * proposed it (`proposedBy`, `proposer`) and when; the last round is the current terms (accepted ones,
 * once the offer is accepted). Empty for an offer that does not exist. For features that show a trade's
 * terms to someone already allowed to see it (the middleman of the trade): it checks no viewer.
 */
export async function negotiationOf(
  t: Pick<TradingDeps, 'db' | 'cache'>,
  offerId: number,
): Promise<TradeOfferRound[]> {
  const [found] = await t.db
    .select({ gameId: tradeAds.gameId, ownerId: tradeAds.userId, offererId: tradeOffers.userId })
    .from(tradeOffers)
    .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
    .where(eq(tradeOffers.id, offerId))
  if (!found) return []
  const rows = (await roundsOf(t.db, [offerId])).get(offerId) ?? []
  const game = found.gameId as GameId
  const items = await itemsOf(t, game, rows.map(sidesOfRound))
  const traders = await tradersOf(t.db, [found.ownerId, found.offererId])
  return rows.map((row) => presentRound(row, game, items, traders.get(row.userId)))
}
