import { describe, expect, it } from 'vitest'
import type { TradeOffer, TradeSlot } from '@/features/trading/contract'
import { canOfferAsRequested, confirmationText, counterOfferStart, offerActions } from './offer-view'

const trader = (username: string) => ({
  username,
  displayName: null,
  avatar: null,
  completedTrades: 0,
  roblox: null,
  reviews: { average: null, count: 0 },
  achievements: [],
})
const offer = (status: TradeOffer['status'], confirmed = { owner: false, offerer: false }) => ({
  status,
  confirmed,
  owner: trader('ada'),
  offerer: trader('bo'),
})
const slot = (item: string, variant: string | null, quantity: number): TradeSlot => ({
  item,
  variant,
  quantity,
  name: item,
  image: null,
  value: 1,
  retired: false,
})

describe('what each trader may do', () => {
  it('the owner accepts or declines a pending offer; the offerer cancels it', () => {
    expect(offerActions(offer('pending'), 'owner')).toEqual(['accept', 'decline'])
    expect(offerActions(offer('pending'), 'offerer')).toEqual(['cancel'])
  })
  it('both confirm an accepted offer once; the owner may still decline it (the trade fell through)', () => {
    expect(offerActions(offer('accepted'), 'owner')).toEqual(['complete', 'decline'])
    expect(offerActions(offer('accepted'), 'offerer')).toEqual(['complete'])
    const ownerConfirmed = offer('accepted', { owner: true, offerer: false })
    expect(offerActions(ownerConfirmed, 'owner')).toEqual(['decline'])
    expect(offerActions(ownerConfirmed, 'offerer')).toEqual(['complete'])
  })
  it('nothing is left to do with a declined, cancelled or completed offer', () => {
    for (const status of ['declined', 'cancelled', 'completed'] as const) {
      expect(offerActions(offer(status), 'owner')).toEqual([])
      expect(offerActions(offer(status), 'offerer')).toEqual([])
    }
  })
})

describe('the confirmations', () => {
  it('say who has confirmed, to each trader', () => {
    const one = offer('accepted', { owner: true, offerer: false })
    expect(confirmationText(one, 'owner')).toBe('You confirmed the trade. Waiting for bo to confirm.')
    expect(confirmationText(one, 'offerer')).toBe(
      'ada confirmed the trade. Confirm it once you have traded in the game.',
    )
    expect(confirmationText(offer('accepted'), 'owner')).toMatch(/Neither of you has confirmed/)
    expect(confirmationText(offer('completed'), 'offerer')).toBe('Both you and ada confirmed this trade.')
    expect(confirmationText(offer('pending'), 'owner')).toBeNull()
  })
})

describe('a counter-offer', () => {
  it("starts from the ad's sides swapped, as the request sends them", () => {
    const ad = {
      offering: [slot('kitsune', null, 1)],
      requesting: [slot('leopard', 'permanent', 2), slot('dough', null, 3)],
    }
    const start = counterOfferStart(ad)
    expect(start).toEqual({
      give: [
        { itemId: 'leopard', variant: 'permanent', quantity: 2 },
        { itemId: 'dough', quantity: 3 },
      ],
      get: [{ itemId: 'kitsune', quantity: 1 }],
    })
    expect(canOfferAsRequested(ad)).toBe(true)
    expect(canOfferAsRequested({ requesting: [] })).toBe(false)
  })
})
