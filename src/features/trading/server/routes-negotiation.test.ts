/**
 * Counter-offers by either trader, in one offer: whose turn it is, the history of terms with each
 * side's verdict, accepting the current terms, notifications, and every refusal (400, 401, 403, 404,
 * 409, 429) as the offer's other routes refuse.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '@/features/notifications/server/public'
import { userSuspensions } from '@/features/roles/tables'
import {
  TRADING_LIMITS,
  TRADING_MESSAGES,
  type TradeOffer,
  tradeMessagesResponseSchema,
  tradeOfferResponseSchema,
} from '@/features/trading/contract'
import { tradeOffers } from '@/features/trading/tables'
import { send } from '@/test/accounts'
import { negotiationOf } from './public'
import {
  act,
  acted,
  adOf,
  expectError,
  getAd,
  kindsOf,
  offerOf,
  setAhead,
  setUpTradingApp,
  t,
  trader,
  type User,
} from './routes-test-setup'

setUpTradingApp()

const counter = (offerId: number, cookie: string | undefined, body: unknown) =>
  send(t, `/api/trade-offers/${offerId}/counter`, { body, cookie })

async function countered(offerId: number, by: User, body: unknown): Promise<TradeOffer> {
  const res = await counter(offerId, by.cookie, body)
  expect(res.status, await res.clone().text()).toBe(201)
  return tradeOfferResponseSchema.parse(await res.json()).offer
}

async function getOffer(offerId: number, by: User): Promise<TradeOffer> {
  const res = await send(t, `/api/trade-offers/${offerId}`, { cookie: by.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return tradeOfferResponseSchema.parse(await res.json()).offer
}

const waitingCount = async (by: User) => {
  const res = await send(t, '/api/me/trades/waiting', { cookie: by.cookie })
  return ((await res.json()) as { count: number }).count
}

const block = (by: User, other: User & { username: string }) =>
  send(t, `/api/blocks/${other.username}`, { method: 'PUT', cookie: by.cookie })

/** Two West Dragons for the Kitsune (the owner asks for more): the offer's sides, the offerer giving. */
const TWO_DRAGONS = { offering: [{ item: 'west-dragon', quantity: 2 }], requesting: [{ item: 'kitsune' }] }
/** Back: one West Dragon and a Dough. */
const DRAGON_AND_DOUGH = {
  offering: [{ item: 'west-dragon' }, { item: 'dough' }],
  requesting: [{ item: 'kitsune' }],
}

/** A posts, B offers as requested: the owner's turn. */
async function offered() {
  const [owner, offerer] = await Promise.all([trader(), trader()])
  const adId = await adOf(owner)
  const offerId = await offerOf(adId, offerer)
  return { owner, offerer, adId, offerId }
}

describe('counters in one offer', () => {
  it('offer, counter, counter back, accept: turns, the history of terms and verdicts, notices, one thread', async () => {
    const { owner, offerer, adId, offerId } = await offered()
    const first = await getOffer(offerId, owner)
    expect(first).toMatchObject({ turn: 'owner', status: 'pending' })
    expect(first.actions).toEqual(['accept', 'decline', 'counter'])
    expect(first.rounds).toHaveLength(1)
    expect(first.rounds[0]).toMatchObject({ round: 1, proposedBy: 'offerer', proposer: offerer.username })
    expect((await getOffer(offerId, offerer)).actions).toEqual(['cancel'])
    expect(await waitingCount(owner)).toBe(1)
    expect(await waitingCount(offerer)).toBe(0)
    // A message before the counter stays in the same conversation.
    await send(t, `/api/trade-offers/${offerId}/messages`, { body: { body: 'Two?' }, cookie: owner.cookie })

    // The owner counters: two West Dragons. The offerer's turn, and they are told.
    const second = await countered(offerId, owner, TWO_DRAGONS)
    expect(second).toMatchObject({ id: offerId, status: 'pending', turn: 'offerer' })
    expect(second.offering.map((s) => [s.item, s.quantity])).toEqual([['west-dragon', 2]])
    expect(second.requesting.map((s) => s.item)).toEqual(['kitsune'])
    expect(second.actions).toEqual(['decline'])
    expect(second.rounds.map((r) => [r.round, r.proposedBy, r.proposer])).toEqual([
      [1, 'offerer', offerer.username],
      [2, 'owner', owner.username],
    ])
    const [, round2] = second.rounds
    expect(round2!.wfl).toEqual(second.wfl)
    expect(round2!.wfl.offering).toBeGreaterThan(second.rounds[0]!.wfl.offering)
    expect(round2!.verdicts.offerer).toBe(round2!.wfl.verdict)
    const mirror = { win: 'loss', fair: 'fair', loss: 'win' } as const
    expect(round2!.verdicts.owner).toBe(round2!.wfl.verdict && mirror[round2!.wfl.verdict])
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, offerer.id), eq(notifications.kind, 'trade-offer')))
    expect(notice).toMatchObject({
      title: `${owner.username} countered your offer`,
      link: `/trading/ad/${adId}?offer=${offerId}`,
    })
    expect(await waitingCount(owner)).toBe(0)
    expect(await waitingCount(offerer)).toBe(1)
    expect((await getOffer(offerId, offerer)).actions).toEqual(['accept', 'decline', 'cancel', 'counter'])

    // Not the owner's turn now (409), nothing changed.
    expect((await expectError(await counter(offerId, owner.cookie, DRAGON_AND_DOUGH), 409)).message).toBe(
      TRADING_MESSAGES.notYourTurn,
    )
    expect((await expectError(await act(offerId, 'accept', owner.cookie), 409)).message).toBe(
      TRADING_MESSAGES.notYourTurn,
    )

    // The offerer counters back; the owner accepts the current terms.
    const third = await countered(offerId, offerer, DRAGON_AND_DOUGH)
    expect(third.turn).toBe('owner')
    expect(third.rounds.map((r) => r.proposedBy)).toEqual(['offerer', 'owner', 'offerer'])
    expect((await kindsOf(owner.id)).filter((k) => k === 'trade-offer')).toHaveLength(2)
    const accepted = await acted(await act(offerId, 'accept', owner.cookie))
    expect(accepted).toMatchObject({ status: 'accepted', turn: null })
    expect(accepted.offering.map((s) => s.item)).toEqual(['west-dragon', 'dough'])
    expect(accepted.rounds).toHaveLength(3)
    expect((await getAd(adId)).accepted).toBe(true)

    // One thread: the message is still there; both confirm the accepted terms.
    const messages = await send(t, `/api/trade-offers/${offerId}/messages`, { cookie: offerer.cookie })
    expect(tradeMessagesResponseSchema.parse(await messages.json()).messages.map((m) => m.body)).toEqual([
      'Two?',
    ])
    await acted(await act(offerId, 'complete', owner.cookie))
    expect((await acted(await act(offerId, 'complete', offerer.cookie))).status).toBe('completed')
    await expectError(await counter(offerId, owner.cookie, TWO_DRAGONS), 409)

    // The negotiation as the middleman's card reads it.
    const history = await negotiationOf({ db: t.database.db, cache: t.cache }, offerId)
    expect(history.map((r) => [r.round, r.proposedBy, r.offering.map((s) => s.item)])).toEqual([
      [1, 'offerer', ['west-dragon']],
      [2, 'owner', ['west-dragon']],
      [3, 'offerer', ['west-dragon', 'dough']],
    ])
    expect(history[1]!.offering[0]).toMatchObject({ quantity: 2, value: expect.any(Number) })
    expect(await negotiationOf({ db: t.database.db, cache: t.cache }, 999_999_999)).toEqual([])
  })

  it("the offerer accepts or declines the owner's counter; the owner is told", async () => {
    const a = await offered()
    await countered(a.offerId, a.owner, TWO_DRAGONS)
    const accepted = await acted(await act(a.offerId, 'accept', a.offerer.cookie))
    expect(accepted.status).toBe('accepted')
    expect(accepted.offering.map((s) => s.quantity)).toEqual([2])
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.owner.id), eq(notifications.kind, 'trade-accepted')))
    expect(notice?.title).toBe('Your counter-offer was accepted')
    await expectError(await act(a.offerId, 'accept', a.offerer.cookie), 409)

    const d = await offered()
    await countered(d.offerId, d.owner, TWO_DRAGONS)
    expect((await acted(await act(d.offerId, 'decline', d.offerer.cookie))).status).toBe('declined')
    expect(await kindsOf(d.owner.id)).toContain('trade-declined')
    expect((await expectError(await counter(d.offerId, d.offerer.cookie, TWO_DRAGONS), 409)).message).toBe(
      TRADING_MESSAGES.offerNotPending,
    )
  })

  it('refuses bad input (400 naming the field) and changes nothing', async () => {
    const { owner, offerId } = await offered()
    const nine = Array.from({ length: 9 }, (_, i) => ({ item: 'dough', quantity: i + 1 }))
    const cases: [unknown, string][] = [
      [{ offering: [{ item: 'west-dragon' }] }, 'requesting'],
      [{ requesting: [{ item: 'kitsune' }] }, 'offering'],
      [{ ...TWO_DRAGONS, offering: [] }, 'offering'],
      [{ ...TWO_DRAGONS, offering: nine }, 'offering'],
      [{ ...TWO_DRAGONS, offering: [{ item: 'west-dragon', quantity: 1000 }] }, 'offering.0.quantity'],
      [{ ...TWO_DRAGONS, offering: [{ item: 'Not An Id' }] }, 'offering.0.item'],
      [{ ...TWO_DRAGONS, offering: [{ item: 'gingerscope' }] }, 'offering.0.item'],
      [{ ...TWO_DRAGONS, requesting: [{ item: 'kitsune', variant: 'golden' }] }, 'requesting.0.variant'],
      [{ ...TWO_DRAGONS, note: 'hi' }, '(body)'],
    ]
    for (const [body, field] of cases)
      await expectError(await counter(offerId, owner.cookie, body), 400, field)
    await expectError(await counter(Number.NaN, owner.cookie, TWO_DRAGONS), 400)
    const now = await getOffer(offerId, owner)
    expect(now.rounds).toHaveLength(1)
    expect(now.turn).toBe('owner')
  })

  it('refuses a visitor (401), a stranger (404), traders without a username or suspended (403)', async () => {
    const { owner, offerId } = await offered()
    await expectError(await counter(offerId, undefined, TWO_DRAGONS), 401)
    await expectError(await send(t, `/api/trade-offers/${offerId}`), 401)
    const stranger = await trader()
    await expectError(await counter(offerId, stranger.cookie, TWO_DRAGONS), 404)
    await expectError(await send(t, `/api/trade-offers/${offerId}`, { cookie: stranger.cookie }), 404)
    await expectError(await counter(999_999_999, owner.cookie, TWO_DRAGONS), 404)
    await expectError(await counter(offerId, (await trader({ username: false })).cookie, TWO_DRAGONS), 403)
    await t.database.db.insert(userSuspensions).values({ userId: owner.id, reason: 'scams' })
    try {
      await expectError(await counter(offerId, owner.cookie, TWO_DRAGONS), 403)
    } finally {
      await t.database.db.delete(userSuspensions).where(eq(userSuspensions.userId, owner.id))
    }
    expect((await getOffer(offerId, owner)).rounds).toHaveLength(1)
  })

  it('refuses across a block (403) either way, and a suspended offerer (409)', async () => {
    for (const blocker of ['owner', 'offerer'] as const) {
      const { owner, offerer, offerId } = await offered()
      const [by, other] = blocker === 'owner' ? [owner, offerer] : [offerer, owner]
      expect((await block(by, other)).status).toBe(204)
      await expectError(await counter(offerId, owner.cookie, TWO_DRAGONS), 403)
    }
    const { owner, offerer, offerId } = await offered()
    await t.database.db.insert(userSuspensions).values({ userId: offerer.id, reason: 'scams' })
    try {
      expect((await expectError(await counter(offerId, owner.cookie, TWO_DRAGONS), 409)).message).toBe(
        TRADING_MESSAGES.offererSuspended,
      )
    } finally {
      await t.database.db.delete(userSuspensions).where(eq(userSuspensions.userId, offerer.id))
    }
  })

  it('refuses an offer that is not pending, on an ad that ended, or past the last round (409)', async () => {
    const cancelled = await offered()
    await acted(await act(cancelled.offerId, 'cancel', cancelled.offerer.cookie))
    expect(
      (await expectError(await counter(cancelled.offerId, cancelled.owner.cookie, TWO_DRAGONS), 409)).message,
    ).toBe(TRADING_MESSAGES.offerNotPending)

    const accepted = await offered()
    await acted(await act(accepted.offerId, 'accept', accepted.owner.cookie))
    await expectError(await counter(accepted.offerId, accepted.owner.cookie, TWO_DRAGONS), 409)

    const expired = await offered()
    setAhead(49 * 60 * 60 * 1000)
    expect(
      (await expectError(await counter(expired.offerId, expired.owner.cookie, TWO_DRAGONS), 409)).message,
    ).toBe(TRADING_MESSAGES.adNotOpen)
    setAhead(0)

    const last = await offered()
    await t.database.db
      .update(tradeOffers)
      .set({ termsRound: TRADING_LIMITS.maxRounds })
      .where(eq(tradeOffers.id, last.offerId))
    expect(
      (await expectError(await counter(last.offerId, last.owner.cookie, TWO_DRAGONS), 409)).message,
    ).toBe(TRADING_MESSAGES.tooManyRounds)
    // The last terms can still be accepted.
    expect((await acted(await act(last.offerId, 'accept', last.owner.cookie))).status).toBe('accepted')
  })

  it('counts counters with offers against the hourly limit (429 with Retry-After)', async () => {
    const { owner, offerer, offerId } = await offered() // the offerer's first of 3
    await countered(offerId, owner, TWO_DRAGONS)
    await countered(offerId, offerer, DRAGON_AND_DOUGH) // 2
    await countered(offerId, owner, TWO_DRAGONS)
    await countered(offerId, offerer, DRAGON_AND_DOUGH) // 3
    await countered(offerId, owner, TWO_DRAGONS)
    const res = await counter(offerId, offerer.cookie, DRAGON_AND_DOUGH)
    await expectError(res, 429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await getOffer(offerId, offerer)).rounds).toHaveLength(6)
  })
})
