/**
 * Pure rules of the ad page and "my trades" about offers: what each trader may do with an offer, what
 * its confirmations say, and where a counter-offer starts.
 */
import type { TradeSlot as EditorSlot } from '@/features/catalog/wfl'
import type {
  OfferAction,
  TradeAd,
  TradeCounterRequest,
  TradeOffer,
  TradeOfferRound,
} from '@/features/trading/contract'
import type { OfferDecision } from './offers-api'
import { toEditorSlots, toRequestSlots } from './sides'

export type OfferRole = 'owner' | 'offerer'

export const otherTrader = (offer: Pick<TradeOffer, 'owner' | 'offerer'>, role: OfferRole) =>
  role === 'owner' ? offer.offerer : offer.owner

/** The buttons' order. */
const DECISION_ORDER: readonly OfferDecision[] = ['accept', 'complete', 'decline', 'cancel']

/** The policy's name of each decision, as the offer's buttons (and the API's paths) name it. */
const DECISION_OF: Record<Exclude<OfferAction, 'counter'>, OfferDecision> = {
  accept: 'accept',
  decline: 'decline',
  cancel: 'cancel',
  confirm: 'complete',
}

/**
 * What the viewer may decide about an offer now, in the order the buttons show: the actions the
 * server's policy allowed them (`offer.actions`); the page does not decide again. A counter has its own
 * button and form (`canCounter`). On their turn the offerer may decline the owner's counter, which ends
 * the offer as cancelling it would: only Decline is shown.
 */
export function offerActions(offer: Pick<TradeOffer, 'actions'>): OfferDecision[] {
  const allowed = new Set(
    offer.actions.flatMap((action) => (action === 'counter' ? [] : [DECISION_OF[action]])),
  )
  if (allowed.has('decline')) allowed.delete('cancel')
  return DECISION_ORDER.filter((decision) => allowed.has(decision))
}

/** Whether the viewer may counter the offer's terms now (their turn, by the server's policy). */
export const canCounter = (offer: Pick<TradeOffer, 'actions'>) => offer.actions.includes('counter')

/**
 * Whose turn it is on a pending offer, said to one of its traders; null when nobody is waited for (not
 * pending, or an ad that ended: the viewer may do nothing but end it).
 */
export function turnText(
  offer: Pick<TradeOffer, 'status' | 'turn' | 'actions' | 'owner' | 'offerer'>,
  role: OfferRole,
): string | null {
  if (offer.status !== 'pending' || !offer.turn) return null
  if (offer.turn !== role) return `Waiting for ${otherTrader(offer, role).username}`
  return offer.actions.includes('accept') ? 'Your turn: accept, decline or counter' : null
}

/** A round of the negotiation, named for one of its traders: "Your offer", "Counter from ada"… */
export function roundTitle(
  round: Pick<TradeOfferRound, 'round' | 'proposedBy' | 'proposer'>,
  role: OfferRole,
) {
  const what = round.round === 1 ? 'offer' : 'counter'
  return round.proposedBy === role
    ? `Your ${what}`
    : `${what === 'offer' ? 'Offer' : 'Counter'} from ${round.proposer}`
}

/** What the viewer gives and gets in a round (its sides are the offer's: `offering` is the offerer's). */
export function roundForViewer(
  round: Pick<TradeOfferRound, 'offering' | 'requesting' | 'verdicts'>,
  role: OfferRole,
) {
  const mine = role === 'offerer'
  return {
    gives: mine ? round.offering : round.requesting,
    gets: mine ? round.requesting : round.offering,
    verdict: round.verdicts[role],
  }
}

/** A counter starts from the offer's current terms, as the viewer sees them (they give `give`). */
export function counterStart(offer: Pick<TradeOffer, 'offering' | 'requesting'>, role: OfferRole) {
  const give = role === 'offerer' ? offer.offering : offer.requesting
  const get = role === 'offerer' ? offer.requesting : offer.offering
  return { give: toEditorSlots(give), get: toEditorSlots(get) }
}

/** The counter's request: the viewer's sides back in the offer's terms (`offering`: what the offerer gives). */
export function counterBody(
  sides: { give: EditorSlot[]; get: EditorSlot[] },
  role: OfferRole,
): TradeCounterRequest {
  const give = toRequestSlots(sides.give)
  const get = toRequestSlots(sides.get)
  return role === 'offerer' ? { offering: give, requesting: get } : { offering: get, requesting: give }
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
