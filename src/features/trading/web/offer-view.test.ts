import { describe, expect, it } from 'vitest'
import type { TradeOffer, TradeSlot } from '@/features/trading/contract'
import {
  canCounter,
  cancelRequestText,
  canOfferAsRequested,
  confirmationText,
  counterBody,
  counterOfferStart,
  counterStart,
  decisionDone,
  decisionLabel,
  myTradesLabel,
  offerActions,
  roundForViewer,
  roundTitle,
  turnText,
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
  it('keeps the counter for its own button, and shows Decline alone when the offerer may also cancel', () => {
    expect(offerActions({ actions: ['accept', 'decline', 'counter'] })).toEqual(['accept', 'decline'])
    expect(canCounter({ actions: ['accept', 'decline', 'counter'] })).toBe(true)
    expect(canCounter({ actions: ['cancel'] })).toBe(false)
    expect(offerActions({ actions: ['accept', 'decline', 'cancel', 'counter'] })).toEqual([
      'accept',
      'decline',
    ])
  })
})

describe('a negotiation in turns', () => {
  const pending = (turn: 'owner' | 'offerer', actions: TradeOffer['actions']) => ({
    ...offer('pending'),
    turn,
    actions,
  })
  it("says whose turn it is: the viewer's, or the other trader's to answer", () => {
    expect(turnText(pending('owner', ['accept', 'decline', 'counter']), 'owner')).toBe(
      'Your turn: accept, decline or counter',
    )
    expect(turnText(pending('owner', ['cancel']), 'offerer')).toBe('Waiting for ada')
    expect(turnText(pending('offerer', ['decline']), 'owner')).toBe('Waiting for bo')
    // On an ad that ended nothing can be answered; an offer decided waits for nobody.
    expect(turnText(pending('owner', ['decline']), 'owner')).toBeNull()
    expect(turnText({ ...offer('accepted'), turn: null, actions: ['confirm'] }, 'owner')).toBeNull()
  })
  it('names each round for the viewer, with their sides and verdict', () => {
    const round = {
      round: 2,
      proposedBy: 'owner' as const,
      proposer: 'ada',
      offering: [slot('west-dragon', null, 2)],
      requesting: [slot('kitsune', null, 1)],
      verdicts: { owner: 'win' as const, offerer: 'loss' as const },
    }
    expect(roundTitle(round, 'owner')).toBe('Your counter')
    expect(roundTitle(round, 'offerer')).toBe('Counter from ada')
    expect(roundTitle({ ...round, round: 1, proposedBy: 'offerer', proposer: 'bo' }, 'owner')).toBe(
      'Offer from bo',
    )
    expect(roundTitle({ ...round, round: 1, proposedBy: 'offerer' }, 'offerer')).toBe('Your offer')
    const owners = roundForViewer(round, 'owner')
    expect([owners.gives[0]?.item, owners.gets[0]?.item, owners.verdict]).toEqual([
      'kitsune',
      'west-dragon',
      'win',
    ])
    const offerers = roundForViewer(round, 'offerer')
    expect([offerers.gives[0]?.item, offerers.gets[0]?.item, offerers.verdict]).toEqual([
      'west-dragon',
      'kitsune',
      'loss',
    ])
  })
  it("a counter starts from the current terms on the viewer's side and goes back in the offer's terms", () => {
    const terms = { offering: [slot('west-dragon', null, 2)], requesting: [slot('kitsune', 'permanent', 1)] }
    const owner = counterStart(terms, 'owner')
    expect(owner).toEqual({
      give: [{ itemId: 'kitsune', variant: 'permanent', quantity: 1 }],
      get: [{ itemId: 'west-dragon', quantity: 2 }],
    })
    expect(counterBody(owner, 'owner')).toEqual({
      offering: [{ item: 'west-dragon', quantity: 2 }],
      requesting: [{ item: 'kitsune', variant: 'permanent', quantity: 1 }],
    })
    const offerer = counterStart(terms, 'offerer')
    expect(offerer.give).toEqual([{ itemId: 'west-dragon', quantity: 2 }])
    expect(counterBody(offerer, 'offerer')).toEqual(counterBody(owner, 'owner'))
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
