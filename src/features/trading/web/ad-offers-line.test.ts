import { describe, expect, it } from 'vitest'
import { adOffersLine, noOffersLine } from './ad-offers-line'

describe("an ad's offers in words", () => {
  it('an open ad: no offers yet, or how many wait', () => {
    expect(adOffersLine({ status: 'open', pendingOffers: 0, accepted: false })).toBe('No offers yet')
    expect(adOffersLine({ status: 'open', pendingOffers: 1, accepted: false })).toBe('1 offer waiting')
    expect(adOffersLine({ status: 'open', pendingOffers: 3, accepted: false })).toBe('3 offers waiting')
    expect(noOffersLine({ status: 'open' })).toBe('No offers yet. You are notified when a trader makes one.')
  })

  it('an open ad with an accepted offer says its trade is under way, never "No offers yet"', () => {
    expect(adOffersLine({ status: 'open', pendingOffers: 0, accepted: true })).toBe(
      'Offer accepted: trade under way',
    )
    expect(adOffersLine({ status: 'open', pendingOffers: 2, accepted: true })).toBe(
      'Offer accepted: trade under way',
    )
  })

  it('an ad that ended says how, never "No offers yet" (no offer can come)', () => {
    expect(adOffersLine({ status: 'traded', pendingOffers: 0, accepted: false })).toBe('This ad was traded')
    expect(adOffersLine({ status: 'closed', pendingOffers: 0, accepted: false })).toBe('This ad was closed')
    expect(adOffersLine({ status: 'expired', pendingOffers: 0, accepted: false })).toBe('This ad expired')
    expect(noOffersLine({ status: 'traded' })).toBe('This ad was traded.')
    expect(noOffersLine({ status: 'closed' })).toBe('This ad was closed before anyone made an offer.')
    expect(noOffersLine({ status: 'expired' })).toBe('This ad expired before anyone made an offer.')
  })
})
