/**
 * An offer's negotiation: its rounds of terms (the offer, then each counter), kept in
 * `trade_offer_terms`, and how the API shows them. The current terms are also the offer's
 * `trade_offer_items`, which everything else reads.
 */
import { asc, inArray } from 'drizzle-orm'
import type { ItemSummary } from '@/features/catalog/contract'
import type { Verdict } from '@/features/catalog/wfl'
import type { OfferSide, TradeOfferRound, Trader } from '@/features/trading/contract'
import { tradeOfferTerms } from '@/features/trading/tables'
import type { DbOrTx } from '@/platform/server/lib/audit'
import type { GameId } from '@/shared/games'
import { presentSlots, type Sides, wflOf } from './slots'

export type TermsRow = typeof tradeOfferTerms.$inferSelect

/** Writes one round of an offer's terms (in the caller's transaction). */
export function insertRound(
  tx: DbOrTx,
  round: { offerId: number; round: number; proposedBy: OfferSide; userId: string; sides: Sides; now: Date },
) {
  return tx.insert(tradeOfferTerms).values({
    offerId: round.offerId,
    round: round.round,
    proposedBy: round.proposedBy,
    userId: round.userId,
    offering: round.sides.offering,
    requesting: round.sides.requesting,
    createdAt: round.now,
  })
}

/** The rounds of these offers, oldest first, by offer. */
export async function roundsOf(db: DbOrTx, offerIds: readonly number[]): Promise<Map<number, TermsRow[]>> {
  const byOffer = new Map<number, TermsRow[]>()
  if (offerIds.length === 0) return byOffer
  const rows = await db
    .select()
    .from(tradeOfferTerms)
    .where(inArray(tradeOfferTerms.offerId, [...offerIds]))
    .orderBy(asc(tradeOfferTerms.offerId), asc(tradeOfferTerms.round))
  for (const row of rows) byOffer.set(row.offerId, [...(byOffer.get(row.offerId) ?? []), row])
  return byOffer
}

/** A round's sides as the slots' code reads them. */
export const sidesOfRound = (row: TermsRow): Sides => ({ offering: row.offering, requesting: row.requesting })

const MIRROR: Record<Verdict, Verdict> = { win: 'loss', fair: 'fair', loss: 'win' }

/**
 * One round as the API shows it: its items with the catalog's facts, the offerer's verdict by the
 * calculator's rule (the same as an offer's `wfl`) and each trader's (the owner's is the mirror).
 */
export function presentRound(
  row: TermsRow,
  game: GameId,
  items: ReadonlyMap<string, ItemSummary>,
  proposer: Pick<Trader, 'username'> | undefined,
): TradeOfferRound {
  const sides = sidesOfRound(row)
  const wfl = wflOf(game, sides, items)
  return {
    round: row.round,
    proposedBy: row.proposedBy,
    proposer: proposer?.username ?? 'deleted',
    offering: presentSlots(sides.offering, items),
    requesting: presentSlots(sides.requesting, items),
    wfl,
    verdicts: { offerer: wfl.verdict, owner: wfl.verdict ? MIRROR[wfl.verdict] : null },
    createdAt: row.createdAt.toISOString(),
  }
}
