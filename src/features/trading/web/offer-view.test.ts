import { describe, expect, it } from 'vitest'
import type { TradeOffer, TradeSlot } from '@/features/trading/contract'
import {
  cancelRequestText,
  canOfferAsRequested,
  confirmationText,
  counterOfferStart,
  decisionDone,
  decisionLabel,
  myTradesLabel,
  offerActions,
  waitingBadge,
} from './offer-view'

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

describe("what each trader may do: the actions the server allowed, in the buttons' order", () => {
  it('shows what the policy allows, confirm as "complete", accept and confirm first', () => {
    expect(offerActions({ actions: ['accept', 'decline'] })).toEqual(['accept', 'decline'])
    expect(offerActions({ actions: ['cancel'] })).toEqual(['cancel'])
    expect(offerActions({ actions: ['decline', 'confirm'] })).toEqual(['complete', 'decline'])
    expect(offerActions({ actions: [] })).toEqual([])
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

describe('cancelling an accepted trade', () => {
  it('is asked by one trader and agreed by the other, each told where it stands', () => {
    const none = { ...offer('accepted'), cancelRequestedBy: null }
    expect(decisionLabel('cancel', { status: 'pending', cancelRequestedBy: null })).toBe('Cancel offer')
    expect(decisionLabel('cancel', none)).toBe('Ask to cancel the trade')
    expect(cancelRequestText(none, 'owner')).toBeNull()
    const asked = { ...none, cancelRequestedBy: 'owner' as const }
    expect(decisionLabel('cancel', asked)).toBe('Agree to cancel the trade')
    expect(cancelRequestText(asked, 'owner')).toBe(
      'You asked to cancel this trade. It is cancelled when bo agrees.',
    )
    expect(cancelRequestText(asked, 'offerer')).toMatch(/^ada asked to cancel this trade/)
    expect(decisionDone('cancel', { status: 'accepted' })).toBe('Asked to cancel the trade')
    expect(decisionDone('cancel', { status: 'cancelled' })).toBe('Offer cancelled')
    expect(decisionDone('complete', { status: 'completed' })).toBe('Trade completed')
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

describe('"My trades" with the trades waiting', () => {
  it('names the count in the link, and shows it in a badge (99+ beyond)', () => {
    expect(myTradesLabel(0)).toBe('My trades')
    expect(myTradesLabel(1)).toBe('My trades, 1 waiting for you')
    expect(myTradesLabel(3)).toBe('My trades, 3 waiting for you')
    expect(waitingBadge(7)).toBe('7')
    expect(waitingBadge(120)).toBe('99+')
  })
})
