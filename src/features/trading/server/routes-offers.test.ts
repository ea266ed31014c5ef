/**
 * Offers on an ad: as requested or countered, who may make one and the limit per hour, accepting,
 * declining, cancelling, both traders confirming the trade, suspended traders, and races.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '@/features/notifications/server/public'
import { userSuspensions } from '@/features/roles/tables'
import {
  TRADING_MESSAGES,
  tradeMessagesResponseSchema,
  tradeOffersResponseSchema,
} from '@/features/trading/contract'
import { send } from '@/test/accounts'
import {
  AD,
  act,
  acted,
  adOf,
  expectError,
  getAd,
  kindsOf,
  offer,
  offerOf,
  setUpTradingApp,
  t,
  trader,
  type User,
} from './routes-test-setup'

setUpTradingApp()

describe('offers', () => {
  it('an offer as requested in one tap, and a counter-offer with its own verdict; the owner is notified', async () => {
    const [owner, offerer, counter] = await Promise.all([trader(), trader(), trader()])
    const id = await adOf(owner)
    const asRequested = await offerOf(id, offerer)
    const counterId = await offerOf(id, counter, {
      offering: [{ item: 'east-dragon' }],
      requesting: [{ item: 'kitsune', quantity: 1 }],
      note: 'Would you do this?',
    })
    const res = await send(t, `/api/trade-ads/${id}/offers`, { cookie: owner.cookie })
    const offers = tradeOffersResponseSchema.parse(await res.json()).offers
    expect(offers.map((o) => o.id)).toEqual([counterId, asRequested])
    const [c, r] = offers
    expect(r).toMatchObject({
      status: 'pending',
      asRequested: true,
      offerer: { username: offerer.username },
      owner: { username: owner.username },
      confirmed: { owner: false, offerer: false },
    })
    expect(r!.offering.map((s) => s.item)).toEqual(['west-dragon'])
    expect(r!.requesting.map((s) => s.item)).toEqual(['kitsune', 'control'])
    expect(c!.asRequested).toBe(false)
    expect(c!.note).toBe('Would you do this?')
    expect(c!.wfl.verdict).not.toBeNull()
    expect(c!.wfl.offering).toBeGreaterThan(0)
    expect((await kindsOf(owner.id)).filter((k) => k === 'trade-offer')).toHaveLength(2)
    expect((await getAd(id)).pendingOffers).toBe(2)

    // Each offerer sees their own; another trader none; a visitor is asked to sign in.
    const mine = await send(t, `/api/trade-ads/${id}/offers`, { cookie: offerer.cookie })
    expect(tradeOffersResponseSchema.parse(await mine.json()).offers.map((o) => o.id)).toEqual([asRequested])
    const stranger = await trader()
    const none = await send(t, `/api/trade-ads/${id}/offers`, { cookie: stranger.cookie })
    expect(tradeOffersResponseSchema.parse(await none.json()).offers).toEqual([])
    await expectError(await send(t, `/api/trade-ads/${id}/offers`), 401)
  })

  it('refuses visitors, traders without a username or suspended, the owner, a second pending offer and bad sides', async () => {
    const [owner, offerer] = await Promise.all([trader(), trader()])
    const id = await adOf(owner)
    await expectError(await offer(id, undefined), 401)
    await expectError(await offer(id, (await trader({ username: false })).cookie), 403)
    await expectError(await offer(id, (await trader({ suspended: true })).cookie), 403)
    expect((await expectError(await offer(id, owner.cookie), 403)).message).toBe(TRADING_MESSAGES.ownAd)
    await expectError(await offer(999_999_999, offerer.cookie), 404)
    const nine = Array.from({ length: 9 }, (_, i) => ({ item: 'dough', quantity: i + 1 }))
    const cases: [unknown, string][] = [
      [{ offering: [{ item: 'gingerscope' }] }, 'offering.0.item'],
      [{ requesting: [{ item: 'kitsune', variant: 'golden' }] }, 'requesting.0.variant'],
      [{ offering: [] }, 'offering'],
      [{ offering: nine }, 'offering'],
      [{ offering: [{ item: 'dough', quantity: 1000 }] }, 'offering.0.quantity'],
      [{ note: 'x'.repeat(301) }, 'note'],
      [{ status: 'accepted' }, '(body)'],
    ]
    for (const [body, field] of cases) await expectError(await offer(id, offerer.cookie, body), 400, field)
    await offerOf(id, offerer)
    expect((await expectError(await offer(id, offerer.cookie), 409)).message).toBe(
      TRADING_MESSAGES.offerExists,
    )

    // An ad that requests only tags: "as requested" has nothing to give.
    const tagsOnly = await adOf(owner, {
      game: 'blox-fruits',
      offering: [{ item: 'dough' }],
      tags: ['overpay'],
    })
    await expectError(await offer(tagsOnly, offerer.cookie), 400, 'offering')
    await offerOf(tagsOnly, offerer, { offering: [{ item: 'yeti' }] })
  })

  it('limits offers per hour (429 with Retry-After)', async () => {
    const [owner, offerer] = await Promise.all([trader(), trader()])
    const ads: number[] = []
    for (let q = 1; q <= 4; q++)
      ads.push(await adOf(owner, { ...AD, offering: [{ item: 'kitsune', quantity: q }] }))
    for (const id of ads.slice(0, 3)) await offerOf(id, offerer)
    const res = await offer(ads[3]!, offerer.cookie)
    await expectError(res, 429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('only the owner answers a new offer, only the offerer cancels, others do not see the offer', async () => {
    const [owner, offerer, second, other] = await Promise.all([trader(), trader(), trader(), trader()])
    const id = await adOf(owner)
    const offerId = await offerOf(id, offerer)
    const secondId = await offerOf(id, second)

    for (const what of ['accept', 'decline', 'cancel', 'complete']) {
      await expectError(await act(offerId, what, undefined), 401)
      await expectError(await act(offerId, what, other.cookie), 404)
    }
    // The offer is the offerer's own terms: answering them is the owner's turn (409).
    for (const what of ['accept', 'decline'])
      expect((await expectError(await act(offerId, what, offerer.cookie), 409)).message).toBe(
        TRADING_MESSAGES.notYourTurn,
      )
    await expectError(await act(offerId, 'cancel', owner.cookie), 403)
    await expectError(await act(offerId, 'complete', owner.cookie), 409)
    await expectError(await act(999_999_999, 'accept', owner.cookie), 404)

    const accepted = await acted(await act(offerId, 'accept', owner.cookie))
    expect(accepted.status).toBe('accepted')
    expect(await kindsOf(offerer.id)).toContain('trade-accepted')
    await expectError(await act(offerId, 'accept', owner.cookie), 409)
    await expectError(await act(offerId, 'decline', owner.cookie), 409)
    // Accepted: cancelling takes both traders; the offerer's cancel is an ask.
    expect((await acted(await act(offerId, 'cancel', offerer.cookie))).cancelRequestedBy).toBe('offerer')
    // One accepted offer per ad; the others stay pending.
    expect((await expectError(await act(secondId, 'accept', owner.cookie), 409)).message).toBe(
      TRADING_MESSAGES.otherAccepted,
    )
    const cancelled = await acted(await act(secondId, 'cancel', second.cookie))
    expect(cancelled.status).toBe('cancelled')
    expect(await kindsOf(owner.id)).toContain('trade-cancelled')
    // A suspended owner decides nothing.
    const thirdId = await offerOf(id, other)
    await t.database.db.insert(userSuspensions).values({ userId: owner.id, reason: 'scams' })
    await expectError(await act(thirdId, 'decline', owner.cookie), 403)
    await t.database.db.delete(userSuspensions).where(eq(userSuspensions.userId, owner.id))
    const declined = await acted(await act(thirdId, 'decline', owner.cookie))
    expect(declined.status).toBe('declined')
    expect(await kindsOf(other.id)).toContain('trade-declined')
  })

  it('a trade completes when both traders confirm: the ad is traded, other offers declined, both notified', async () => {
    const [owner, offerer, waiting] = await Promise.all([trader(), trader(), trader()])
    const id = await adOf(owner)
    const offerId = await offerOf(id, offerer)
    const waitingId = await offerOf(id, waiting)
    await acted(await act(offerId, 'accept', owner.cookie))

    const half = await acted(await act(offerId, 'complete', owner.cookie))
    expect(half).toMatchObject({ status: 'accepted', confirmed: { owner: true, offerer: false } })
    expect(await kindsOf(offerer.id)).toContain('trade-confirmed')
    // Confirming twice changes nothing.
    expect((await acted(await act(offerId, 'complete', owner.cookie))).status).toBe('accepted')

    const done = await acted(await act(offerId, 'complete', offerer.cookie))
    expect(done).toMatchObject({ status: 'completed', confirmed: { owner: true, offerer: true } })
    expect(done.completedAt).not.toBeNull()
    expect((await acted(await act(offerId, 'complete', offerer.cookie))).status).toBe('completed')
    const ad = await getAd(id)
    expect(ad.status).toBe('traded')
    expect(ad.owner.completedTrades).toBe(1)
    for (const user of [owner, offerer]) expect(await kindsOf(user.id)).toContain('trade-completed')
    expect(await kindsOf(waiting.id)).toContain('trade-declined')
    const theirs = await send(t, `/api/trade-ads/${id}/offers`, { cookie: waiting.cookie })
    expect(tradeOffersResponseSchema.parse(await theirs.json()).offers[0]).toMatchObject({
      id: waitingId,
      status: 'declined',
    })
  })

  it('a suspended trader closes, relists, cancels, confirms and writes nothing (403); a traded ad takes no offer (409)', async () => {
    const [owner, offerer, waiting, late] = await Promise.all([trader(), trader(), trader(), trader()])
    const id = await adOf(owner)
    const closed = await adOf(owner, { ...AD, offering: [{ item: 'dough' }] })
    await send(t, `/api/trade-ads/${closed}`, { method: 'DELETE', cookie: owner.cookie })
    const offerId = await offerOf(id, offerer)
    const waitingId = await offerOf(id, waiting)
    await acted(await act(offerId, 'accept', owner.cookie))
    const suspend = (user: User) =>
      t.database.db.insert(userSuspensions).values({ userId: user.id, reason: 'scams' })
    const restore = (user: User) =>
      t.database.db.delete(userSuspensions).where(eq(userSuspensions.userId, user.id))
    const message = (offer: number, cookie: string) =>
      send(t, `/api/trade-offers/${offer}/messages`, { body: { body: 'hi' }, cookie })

    await Promise.all([suspend(owner), suspend(offerer), suspend(waiting)])
    try {
      await expectError(
        await send(t, `/api/trade-ads/${id}`, { method: 'DELETE', cookie: owner.cookie }),
        403,
      )
      await expectError(
        await send(t, `/api/trade-ads/${closed}/relist`, { method: 'POST', cookie: owner.cookie }),
        403,
      )
      await expectError(await act(offerId, 'complete', owner.cookie), 403)
      await expectError(await act(offerId, 'complete', offerer.cookie), 403)
      await expectError(await act(waitingId, 'cancel', waiting.cookie), 403)
      await expectError(await message(offerId, owner.cookie), 403)
      await expectError(await message(offerId, offerer.cookie), 403)
    } finally {
      await Promise.all([restore(owner), restore(offerer), restore(waiting)])
    }
    // Nothing changed.
    const ad = await getAd(id)
    expect(ad.status).toBe('open')
    expect((await getAd(closed)).status).toBe('closed')
    const offers = await send(t, `/api/trade-ads/${id}/offers`, { cookie: owner.cookie })
    expect(
      tradeOffersResponseSchema
        .parse(await offers.json())
        .offers.map((o) => [o.id, o.status, o.confirmed.owner, o.confirmed.offerer]),
    ).toEqual([
      [waitingId, 'pending', false, false],
      [offerId, 'accepted', false, false],
    ])
    const read = await send(t, `/api/trade-offers/${offerId}/messages`, { cookie: offerer.cookie })
    expect(tradeMessagesResponseSchema.parse(await read.json()).messages).toEqual([])

    await acted(await act(offerId, 'complete', owner.cookie))
    await acted(await act(offerId, 'complete', offerer.cookie))
    expect((await getAd(id)).status).toBe('traded')
    expect((await expectError(await offer(id, late.cookie), 409)).message).toBe(TRADING_MESSAGES.adNotOpen)
  })

  it('two accepts at once accept one offer; a double confirmation completes once', async () => {
    const [owner, a, b] = await Promise.all([trader(), trader(), trader()])
    const id = await adOf(owner)
    const [offerA, offerB] = [await offerOf(id, a), await offerOf(id, b)]
    const answers = await Promise.all([
      act(offerA, 'accept', owner.cookie),
      act(offerB, 'accept', owner.cookie),
      act(offerA, 'accept', owner.cookie),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409])
    // Either request for offer A may be the one that wins.
    const winner = answers[1]!.status === 200 ? { id: offerB, by: b } : { id: offerA, by: a }

    const confirms = await Promise.all([
      act(winner.id, 'complete', owner.cookie),
      act(winner.id, 'complete', winner.by.cookie),
      act(winner.id, 'complete', owner.cookie),
      act(winner.id, 'complete', winner.by.cookie),
    ])
    expect(confirms.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const completed = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, 'trade-completed')))
    expect(completed).toHaveLength(1)
    expect((await getAd(id)).status).toBe('traded')
  })
})
