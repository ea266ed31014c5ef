/**
 * The marketplace's policy: when an ad is open, and who may do what to an offer. One rule in one place
 * (docs/architecture.md): the routes refuse with it, the answers carry what it allows (`offer.actions`),
 * and the pages show those actions without deciding again. Pure: the browser loads it without zod.
 */
import { type AdStatus, type OfferStatus, TRADING_LIMITS, TRADING_MESSAGES } from './rules'

/**
 * Where an ad's status stands at `now`: an open ad past its end is expired, whether or not the expiry
 * worker has marked it yet. Its SQL twin (server/ad-status.ts) says the same in queries; a test holds
 * the two together.
 */
export function effectiveAdStatus(status: AdStatus, expiresAt: Date | string, now: Date): AdStatus {
  return status === 'open' && new Date(expiresAt).getTime() <= now.getTime() ? 'expired' : status
}

/** What a trader can do to an offer. `counter`: answer the current terms with new ones. */
export const OFFER_ACTIONS = ['accept', 'decline', 'cancel', 'confirm', 'counter'] as const
export type OfferAction = (typeof OFFER_ACTIONS)[number]

/** One of an offer's two traders: the ad's owner, or the trader who made the offer. */
export type OfferSide = 'owner' | 'offerer'

/** What the rule looks at: the trader's part in the offer, and where the offer and its ad stand. */
export interface OfferFacts {
  role: OfferSide
  offerStatus: OfferStatus
  /** The ad's status now (effectiveAdStatus). */
  adStatus: AdStatus
  /** This trader already confirmed the trade happened. */
  confirmed: boolean
  /** Which trader asked to cancel the accepted trade, if one did. */
  cancelRequestedBy: OfferSide | null
  /** Who proposed the offer's current terms: the offerer (the offer itself) or either one (a counter). */
  proposedBy: OfferSide
  /** The round of the current terms: 1 for the offer, one more for each counter. */
  round: number
}

/** Why not: 403 for the wrong trader, 409 for the wrong moment. */
export interface Refusal {
  code: 'FORBIDDEN' | 'CONFLICT'
  message: string
}

const forbidden = (message: string): Refusal => ({ code: 'FORBIDDEN', message })
const conflict = (message: string): Refusal => ({ code: 'CONFLICT', message })

/**
 * Whose turn it is on a pending offer: the trader who did not propose its current terms. After the offer
 * is made it is the ad's owner's; after a counter, the other trader's.
 */
export const whoseTurn = (proposedBy: OfferSide): OfferSide => (proposedBy === 'owner' ? 'offerer' : 'owner')

/**
 * Who may act on an offer, and when. A pending offer is a negotiation in turns: the trader whose turn it
 * is (whoseTurn) accepts its current terms (only while the ad is open), declines them, or counters with
 * new ones (while the ad is open, at most TRADING_LIMITS.maxRounds rounds); the owner may also decline
 * it at any time, and the trader who made it cancel it. Once accepted, an offer is never declined: either
 * trader confirms the trade, or asks to cancel it, and it is cancelled when the other asks too (agrees);
 * a dispute stays open to both. Null: allowed. (One accepted offer per ad is the database's to hold: it
 * is checked in the accepting transaction.)
 */
export function offerActionRefusal(action: OfferAction, f: OfferFacts): Refusal | null {
  const myTurn = f.role === whoseTurn(f.proposedBy)
  switch (action) {
    case 'accept':
      if (f.offerStatus !== 'pending') return conflict(TRADING_MESSAGES.offerNotPending)
      if (!myTurn) return conflict(TRADING_MESSAGES.notYourTurn)
      return f.adStatus === 'open' ? null : conflict(TRADING_MESSAGES.adNotOpen)
    case 'decline':
      if (f.offerStatus === 'accepted') return conflict(TRADING_MESSAGES.acceptedNotDeclined)
      if (f.offerStatus !== 'pending') return conflict(TRADING_MESSAGES.cannotDecline)
      return f.role === 'owner' || myTurn ? null : conflict(TRADING_MESSAGES.notYourTurn)
    case 'counter':
      if (f.offerStatus !== 'pending') return conflict(TRADING_MESSAGES.offerNotPending)
      if (!myTurn) return conflict(TRADING_MESSAGES.notYourTurn)
      if (f.adStatus !== 'open') return conflict(TRADING_MESSAGES.adNotOpen)
      return f.round < TRADING_LIMITS.maxRounds ? null : conflict(TRADING_MESSAGES.tooManyRounds)
    case 'cancel':
      if (f.offerStatus === 'accepted')
        return f.cancelRequestedBy === f.role ? conflict(TRADING_MESSAGES.cancelAsked) : null
      if (f.role !== 'offerer') return forbidden(TRADING_MESSAGES.notOfferer)
      return f.offerStatus === 'pending' ? null : conflict(TRADING_MESSAGES.offerNotPending)
    case 'confirm':
      return f.offerStatus === 'accepted' ? null : conflict(TRADING_MESSAGES.offerNotAccepted)
  }
}

/** The actions the trader may take now: what the offer's page offers them. */
export const offerActions = (f: OfferFacts): OfferAction[] =>
  OFFER_ACTIONS.filter(
    (action) => offerActionRefusal(action, f) === null && !(action === 'confirm' && f.confirmed),
  )

/**
 * Whether the offer waits for this trader to act (the count beside "My trades", and its list): a pending
 * offer on an open ad waits for the trader whose turn it is (the owner for a new offer, the other trader
 * after a counter); each trader confirms an accepted trade, until they have; the other trader's ask to
 * cancel waits for an answer (one's own ask waits for the other). Its SQL twin is `waitingAs`
 * (server/waiting.ts), held to it by a test.
 */
export function waitsFor(f: OfferFacts): boolean {
  if (f.offerStatus === 'pending') return f.role === whoseTurn(f.proposedBy) && f.adStatus === 'open'
  if (f.offerStatus !== 'accepted') return false
  return f.cancelRequestedBy === null ? !f.confirmed : f.cancelRequestedBy !== f.role
}
