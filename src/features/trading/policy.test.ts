import { describe, expect, it } from 'vitest'
import {
  effectiveAdStatus,
  type OfferFacts,
  offerActionRefusal,
  offerActions,
  waitsFor,
  whoseTurn,
} from './policy'
import { TRADING_LIMITS, TRADING_MESSAGES } from './rules'

const facts = (over: Partial<OfferFacts>): OfferFacts => ({
  role: 'owner',
  offerStatus: 'pending',
  adStatus: 'open',
  confirmed: false,
  cancelRequestedBy: null,
  proposedBy: 'offerer',
  round: 1,
  ...over,
})

describe('who may act on an offer', () => {
  it('the owner accepts, declines or counters a new offer on an open ad; the offerer cancels it', () => {
    expect(offerActions(facts({ role: 'owner' }))).toEqual(['accept', 'decline', 'counter'])
    expect(offerActions(facts({ role: 'offerer' }))).toEqual(['cancel'])
  })
  it('an accepted offer is never declined: both confirm, once each, or ask to cancel it', () => {
    expect(offerActions(facts({ role: 'owner', offerStatus: 'accepted' }))).toEqual(['cancel', 'confirm'])
    expect(offerActions(facts({ role: 'offerer', offerStatus: 'accepted' }))).toEqual(['cancel', 'confirm'])
    expect(offerActions(facts({ role: 'offerer', offerStatus: 'accepted', confirmed: true }))).toEqual([
      'cancel',
    ])
    expect(offerActionRefusal('decline', facts({ offerStatus: 'accepted' }))).toEqual({
      code: 'CONFLICT',
      message: TRADING_MESSAGES.acceptedNotDeclined,
    })
  })
  it('a request to cancel an accepted trade is asked once, and agreed by the other trader', () => {
    const asked = facts({ offerStatus: 'accepted', cancelRequestedBy: 'owner' })
    expect(offerActionRefusal('cancel', asked)?.message).toBe(TRADING_MESSAGES.cancelAsked)
    expect(offerActions(asked)).toEqual(['confirm'])
    expect(offerActions({ ...asked, role: 'offerer' })).toEqual(['cancel', 'confirm'])
  })
  it('the wrong trader is 403, the wrong moment 409, with the message the trader reads', () => {
    expect(offerActionRefusal('accept', facts({ role: 'offerer' }))).toEqual({
      code: 'CONFLICT',
      message: TRADING_MESSAGES.notYourTurn,
    })
    expect(offerActionRefusal('cancel', facts({ role: 'owner' }))?.message).toBe(TRADING_MESSAGES.notOfferer)
    expect(offerActionRefusal('accept', facts({ adStatus: 'expired' }))).toEqual({
      code: 'CONFLICT',
      message: TRADING_MESSAGES.adNotOpen,
    })
    expect(offerActionRefusal('decline', facts({ offerStatus: 'completed' }))?.message).toBe(
      TRADING_MESSAGES.cannotDecline,
    )
    expect(offerActionRefusal('confirm', facts({ offerStatus: 'pending' }))?.message).toBe(
      TRADING_MESSAGES.offerNotAccepted,
    )
  })
  it('nothing is allowed on a declined, cancelled or completed offer but what the rule says', () => {
    for (const offerStatus of ['declined', 'cancelled', 'completed'] as const)
      for (const role of ['owner', 'offerer'] as const)
        expect(offerActions(facts({ role, offerStatus }))).toEqual([])
  })
})

describe('a negotiation in turns', () => {
  const countered = (over: Partial<OfferFacts> = {}) => facts({ proposedBy: 'owner', round: 2, ...over })
  it("after an offer it is the owner's turn; after a counter, the other trader's", () => {
    expect(whoseTurn('offerer')).toBe('owner')
    expect(whoseTurn('owner')).toBe('offerer')
  })
  it("the owner's counter is the offerer's to accept, decline or counter; the owner may still decline", () => {
    expect(offerActions(countered({ role: 'offerer' }))).toEqual(['accept', 'decline', 'cancel', 'counter'])
    expect(offerActions(countered({ role: 'owner' }))).toEqual(['decline'])
    for (const action of ['accept', 'counter'] as const)
      expect(offerActionRefusal(action, countered({ role: 'owner' }))).toEqual({
        code: 'CONFLICT',
        message: TRADING_MESSAGES.notYourTurn,
      })
    // The offerer's counter back: the owner's turn again.
    const back = facts({ proposedBy: 'offerer', round: 3 })
    expect(offerActions(back)).toEqual(['accept', 'decline', 'counter'])
    expect(offerActionRefusal('counter', { ...back, role: 'offerer' })?.message).toBe(
      TRADING_MESSAGES.notYourTurn,
    )
    expect(offerActionRefusal('decline', { ...back, role: 'offerer' })?.message).toBe(
      TRADING_MESSAGES.notYourTurn,
    )
  })
  it('only a pending offer on an open ad is countered, and at most maxRounds rounds', () => {
    for (const offerStatus of ['accepted', 'declined', 'cancelled', 'completed'] as const)
      expect(offerActionRefusal('counter', facts({ offerStatus }))).toEqual({
        code: 'CONFLICT',
        message: TRADING_MESSAGES.offerNotPending,
      })
    expect(offerActionRefusal('counter', facts({ adStatus: 'closed' }))?.message).toBe(
      TRADING_MESSAGES.adNotOpen,
    )
    expect(offerActionRefusal('counter', facts({ round: TRADING_LIMITS.maxRounds - 1 }))).toBeNull()
    expect(offerActionRefusal('counter', facts({ round: TRADING_LIMITS.maxRounds }))).toEqual({
      code: 'CONFLICT',
      message: TRADING_MESSAGES.tooManyRounds,
    })
    // The last round can still be accepted or declined.
    expect(offerActions(facts({ round: TRADING_LIMITS.maxRounds }))).toEqual(['accept', 'decline'])
  })
})

describe("an ad's status at a moment", () => {
  const now = new Date('2026-06-01T12:00:00Z')
  it('an open ad is expired from the moment its end comes, before the worker marks it', () => {
    expect(effectiveAdStatus('open', new Date(now.getTime() + 1), now)).toBe('open')
    expect(effectiveAdStatus('open', now, now)).toBe('expired')
    expect(effectiveAdStatus('open', '2026-06-01T11:00:00Z', now)).toBe('expired')
    expect(effectiveAdStatus('closed', '2026-06-02T00:00:00Z', now)).toBe('closed')
    expect(effectiveAdStatus('traded', '2026-05-01T00:00:00Z', now)).toBe('traded')
  })
})

describe('an offer waiting for a trader (the count beside "My trades")', () => {
  it('a pending offer waits for the owner of an open ad, never for the offerer', () => {
    expect(waitsFor(facts({ role: 'owner' }))).toBe(true)
    expect(waitsFor(facts({ role: 'offerer' }))).toBe(false)
    // The owner cannot accept on an ad that ended: nothing to answer until it is relisted.
    expect(waitsFor(facts({ role: 'owner', adStatus: 'expired' }))).toBe(false)
  })
  it('after a counter, the pending offer waits for the offerer, not the owner', () => {
    expect(waitsFor(facts({ role: 'offerer', proposedBy: 'owner' }))).toBe(true)
    expect(waitsFor(facts({ role: 'owner', proposedBy: 'owner' }))).toBe(false)
    expect(waitsFor(facts({ role: 'offerer', proposedBy: 'owner', adStatus: 'expired' }))).toBe(false)
  })
  it('an accepted trade waits for each trader until they confirm it', () => {
    for (const role of ['owner', 'offerer'] as const) {
      expect(waitsFor(facts({ role, offerStatus: 'accepted' }))).toBe(true)
      expect(waitsFor(facts({ role, offerStatus: 'accepted', confirmed: true }))).toBe(false)
    }
  })
  it("the other trader's ask to cancel waits for an answer; one's own ask waits for the other", () => {
    const asked = facts({ offerStatus: 'accepted', cancelRequestedBy: 'owner' })
    expect(waitsFor({ ...asked, role: 'offerer' })).toBe(true)
    expect(waitsFor({ ...asked, role: 'offerer', confirmed: true })).toBe(true)
    expect(waitsFor({ ...asked, role: 'owner' })).toBe(false)
  })
  it('a declined, cancelled or completed offer waits for nobody', () => {
    for (const offerStatus of ['declined', 'cancelled', 'completed'] as const)
      for (const role of ['owner', 'offerer'] as const)
        expect(waitsFor(facts({ role, offerStatus }))).toBe(false)
  })
})
