/**
 * Pure rules of the ad page and "my trades" about offers: what each trader may do with an offer, what
 * its confirmations say, and where a counter-offer starts.
 */
import type { OfferAction, TradeAd, TradeOffer } from '@/features/trading/contract'
import type { OfferDecision } from './offers-api'
import { toEditorSlots } from './sides'

export type OfferRole = 'owner' | 'offerer'

export const otherTrader = (offer: Pick<TradeOffer, 'owner' | 'offerer'>, role: OfferRole) =>
  role === 'owner' ? offer.offerer : offer.owner

/** The buttons' order. */
const DECISION_ORDER: readonly OfferDecision[] = ['accept', 'complete', 'decline', 'cancel']

/** The policy's name of each action, as the offer's buttons (and the API's paths) name it. */
const DECISION_OF: Record<OfferAction, OfferDecision> = {
  accept: 'accept',
  decline: 'decline',
  cancel: 'cancel',
  confirm: 'complete',
}

/**
 * What the viewer may do with an offer now, in the order the buttons show: the actions the server's
 * policy allowed them (`offer.actions`); the page does not decide again.
 */
export function offerActions(offer: Pick<TradeOffer, 'actions'>): OfferDecision[] {
  const allowed = new Set(offer.actions.map((action) => DECISION_OF[action]))
  return DECISION_ORDER.filter((decision) => allowed.has(decision))
}

const DECISION_LABELS: Record<OfferDecision, string> = {
  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel offer',
  complete: 'Confirm trade completed',
}

/**
 * A decision's button. Cancelling an accepted trade takes both traders: the first asks, the other
 * agrees (the server's policy, policy.ts).
 */
export function decisionLabel(
  decision: OfferDecision,
  offer: Pick<TradeOffer, 'status' | 'cancelRequestedBy'>,
) {
  if (decision !== 'cancel' || offer.status !== 'accepted') return DECISION_LABELS[decision]
  return offer.cancelRequestedBy ? 'Agree to cancel the trade' : 'Ask to cancel the trade'
}

/** The toast after a decision the server took, with the offer as it is now. */
export function decisionDone(decision: OfferDecision, offer: Pick<TradeOffer, 'status'>): string {
  if (decision === 'complete') return offer.status === 'completed' ? 'Trade completed' : 'Trade confirmed'
  if (decision === 'cancel' && offer.status === 'accepted') return 'Asked to cancel the trade'
  return { accept: 'Offer accepted', decline: 'Offer declined', cancel: 'Offer cancelled' }[decision]
}

/** Where a request to cancel the accepted trade stands, said to one of its traders. */
export function cancelRequestText(
  offer: Pick<TradeOffer, 'status' | 'cancelRequestedBy' | 'owner' | 'offerer'>,
  role: OfferRole,
): string | null {
  if (offer.status !== 'accepted' || !offer.cancelRequestedBy) return null
  const other = otherTrader(offer, role).username
  return offer.cancelRequestedBy === role
    ? `You asked to cancel this trade. It is cancelled when ${other} agrees.`
    : `${other} asked to cancel this trade. Agree to cancel it, or confirm it once you have traded.`
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

/**
 * A counter-offer starts from "as requested": the offerer gives (`give`) what the ad requests and gets
 * what it offers.
 */
export function counterOfferStart(ad: Pick<TradeAd, 'offering' | 'requesting'>) {
  return { give: toEditorSlots(ad.requesting), get: toEditorSlots(ad.offering) }
}

/** "Offer as requested" makes sense only when the ad requests items (tags alone need a counter-offer). */
export const canOfferAsRequested = (ad: Pick<TradeAd, 'requesting'>) => ad.requesting.length > 0

/** The address of an offer's conversation on its ad's page. */
export const offerHref = (offer: Pick<TradeOffer, 'adId' | 'id'>) =>
  `/trading/ad/${offer.adId}?offer=${offer.id}`

/** The accessible name of a "My trades" link: with how many trades wait for the trader (`waitsFor`). */
export const myTradesLabel = (waiting: number) =>
  waiting > 0 ? `My trades, ${waiting} waiting for you` : 'My trades'

/** The count's badge: "99+" beyond. */
export const waitingBadge = (waiting: number) => (waiting > 99 ? '99+' : String(waiting))
