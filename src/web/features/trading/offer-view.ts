/**
 * Pure rules of the ad page and "my trades" about offers: who the viewer is to an offer, the verdict
 * from their side, what they may do with it, and what its confirmations say.
 */
import type { OfferStatus, TradeAd, TradeOffer, TradeSlot, TradeWfl } from '@/shared/trading'
import type { OfferDecision } from './offers-api'

export type OfferRole = 'owner' | 'offerer'

/** The viewer's part in an offer (by username: both traders have one), or null. */
export function roleIn(
  offer: Pick<TradeOffer, 'owner' | 'offerer'>,
  username: string | null | undefined,
): OfferRole | null {
  if (!username) return null
  if (offer.owner.username === username) return 'owner'
  if (offer.offerer.username === username) return 'offerer'
  return null
}

export const otherTrader = (offer: Pick<TradeOffer, 'owner' | 'offerer'>, role: OfferRole) =>
  role === 'owner' ? offer.offerer : offer.owner

const MIRROR = { win: 'loss', fair: 'fair', loss: 'win' } as const

/**
 * An offer's verdict from one trader's side: `wfl` is its author's (the offerer's: they give
 * `offering` and get `requesting`); the owner's is the mirror (win ↔ loss, the percent turned).
 */
export function verdictFor(
  wfl: TradeWfl,
  role: OfferRole,
): { verdict: TradeWfl['verdict']; percent: number; difference: number } {
  if (role === 'offerer') return { verdict: wfl.verdict, percent: wfl.percent, difference: wfl.difference }
  return {
    verdict: wfl.verdict && MIRROR[wfl.verdict],
    percent: wfl.percent === 0 ? 0 : -wfl.percent,
    difference: wfl.difference === 0 ? 0 : -wfl.difference,
  }
}

/** What the viewer may do with an offer now, in the order the buttons show. */
export function offerActions(
  offer: Pick<TradeOffer, 'status' | 'confirmed'>,
  role: OfferRole,
): OfferDecision[] {
  const confirmedByMe = offer.confirmed[role]
  switch (offer.status) {
    case 'pending':
      return role === 'owner' ? ['accept', 'decline'] : ['cancel']
    case 'accepted': {
      const confirm: OfferDecision[] = confirmedByMe ? [] : ['complete']
      // The owner may still decline an accepted offer: the trade fell through.
      return role === 'owner' ? [...confirm, 'decline'] : confirm
    }
    default:
      return []
  }
}

export const DECISION_LABELS: Record<OfferDecision, string> = {
  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel offer',
  complete: 'Confirm trade completed',
}

/** The toast after a decision the server took. */
export const DECISION_DONE: Record<OfferDecision, string> = {
  accept: 'Offer accepted',
  decline: 'Offer declined',
  cancel: 'Offer cancelled',
  complete: 'Trade confirmed',
}

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
}

/** Who has confirmed an accepted offer, said to one of its traders; null when there is nothing to say. */
export function confirmationText(
  offer: Pick<TradeOffer, 'status' | 'confirmed' | 'owner' | 'offerer'>,
  role: OfferRole,
): string | null {
  const other = otherTrader(offer, role).username
  if (offer.status === 'completed') return `Both you and ${other} confirmed this trade.`
  if (offer.status !== 'accepted') return null
  const mine = offer.confirmed[role]
  const theirs = offer.confirmed[role === 'owner' ? 'offerer' : 'owner']
  if (mine && theirs) return `Both you and ${other} confirmed this trade.`
  if (mine) return `You confirmed the trade. Waiting for ${other} to confirm.`
  if (theirs) return `${other} confirmed the trade. Confirm it once you have traded in the game.`
  return `Trade in the game, then both of you confirm it here. Neither of you has confirmed yet.`
}

/** A slot as the offer request sends it (the server fills in names and values). */
const requestSlot = (slot: TradeSlot) => ({
  item: slot.item,
  ...(slot.variant !== null && { variant: slot.variant }),
  quantity: slot.quantity,
})

/**
 * A counter-offer starts from "as requested": the offerer gives what the ad requests and gets what it
 * offers.
 */
export function counterOfferStart(ad: Pick<TradeAd, 'offering' | 'requesting'>) {
  return { offering: ad.requesting.map(requestSlot), requesting: ad.offering.map(requestSlot) }
}

/** "Offer as requested" makes sense only when the ad requests items (tags alone need a counter-offer). */
export const canOfferAsRequested = (ad: Pick<TradeAd, 'requesting'>) => ad.requesting.length > 0

/** The address of an offer's conversation on its ad's page. */
export const offerHref = (offer: Pick<TradeOffer, 'adId' | 'id'>) =>
  `/trading/ad/${offer.adId}?offer=${offer.id}`
