/**
 * Reviews after a completed trade: once each, within 14 days, between traders who have not blocked
 * each other; the summary on a profile, ads and offers, new accounts, and pairs who review each other often.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '@/features/notifications/server/public'
import {
  myTradesResponseSchema,
  TRADING_MESSAGES,
  tradeAdResponseSchema,
  tradeOffersResponseSchema,
} from '@/features/trading/contract'
import { TRUST_MESSAGES } from '@/features/trust/contract'
import { errorOf, send } from '@/test/accounts'
import {
  AD,
  act,
  adOf,
  block,
  DAY,
  offerOf,
  review,
  reviewed,
  reviewsOf,
  setAhead,
  setUpTrustApp,
  type Trader,
  t,
  trade,
  trader,
} from './routes-test-setup'

setUpTrustApp()

describe('reviews', () => {
  it('lets each trader review the other once after a completed trade; the profile shows the summary', async () => {
    const owner = await trader()
    const offerer = await trader()
    const { offerId } = await trade(owner, offerer)
    const byOwner = await reviewed(offerId, owner, 5, 'Smooth trade, gave first')
    expect(byOwner).toMatchObject({
      rating: 5,
      comment: 'Smooth trade, gave first',
      author: owner.username,
      newAccount: false,
    })
    await reviewed(offerId, offerer, 4)
    expect(await errorOf(await review(offerId, owner, { rating: 3 }))).toMatchObject({
      status: 409,
      message: TRUST_MESSAGES.reviewExists,
    })

    const ofOfferer = await reviewsOf(offerer.username)
    expect(ofOfferer.summary).toEqual({
      average: 5,
      count: 1,
      completedTrades: 1,
      positivePercent: 100,
      disputesUpheld: 0,
    })
    expect(ofOfferer.reviews.map((r) => r.author)).toEqual([owner.username])
    const ofOwner = await reviewsOf(owner.username)
    expect(ofOwner.summary).toMatchObject({ average: 4, count: 1, completedTrades: 1 })

    // Told by a notification; ads and offers carry the average and the count.
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, offerer.id), eq(notifications.kind, 'trade-review')))
    expect(notice?.title).toBe(`${owner.username} reviewed your trade`)
    const adId = await adOf(owner)
    const ad = tradeAdResponseSchema.parse(await (await send(t, `/api/trade-ads/${adId}`)).json()).ad
    expect(ad.owner.reviews).toEqual({ average: 4, count: 1 })
    expect(ad.owner.completedTrades).toBe(1)
  })

  it('tells on each offer which of its traders has reviewed the other', async () => {
    const owner = await trader()
    const offerer = await trader()
    const { adId, offerId } = await trade(owner, offerer)
    const offerOn = async (by: Trader) => {
      const res = await send(t, `/api/trade-ads/${adId}/offers`, { cookie: by.cookie })
      expect(res.status, await res.clone().text()).toBe(200)
      return tradeOffersResponseSchema.parse(await res.json()).offers.find((o) => o.id === offerId)
    }
    const sentBy = async (by: Trader) => {
      const res = await send(t, '/api/me/trades', { cookie: by.cookie })
      return myTradesResponseSchema.parse(await res.json()).sent.find((o) => o.id === offerId)
    }
    const ownerOnAd = async () =>
      tradeAdResponseSchema.parse(await (await send(t, `/api/trade-ads/${adId}`)).json()).ad.owner.reviews
    expect(await ownerOnAd()).toEqual({ average: null, count: 0 })
    expect((await offerOn(owner))?.reviewed).toEqual({ owner: false, offerer: false })
    await reviewed(offerId, offerer, 5)
    // The ad's answer is read again at once: the owner's rating shows.
    expect(await ownerOnAd()).toEqual({ average: 5, count: 1 })
    expect((await offerOn(owner))?.reviewed).toEqual({ owner: false, offerer: true })
    expect((await sentBy(offerer))?.reviewed).toEqual({ owner: false, offerer: true })
    await reviewed(offerId, owner, 4)
    expect((await offerOn(offerer))?.reviewed).toEqual({ owner: true, offerer: true })
    // Another offer on the same ad, not reviewed: each offer answers for itself.
    const other = await trader()
    const second = await offerOf(await adOf(owner, { ...AD, tags: ['adds'] }), other)
    const res = await send(t, '/api/me/trades', { cookie: owner.cookie })
    const { received } = myTradesResponseSchema.parse(await res.json())
    expect(received.find((o) => o.id === second)?.reviewed).toEqual({ owner: false, offerer: false })
    expect(received.find((o) => o.id === offerId)?.reviewed).toEqual({ owner: true, offerer: true })
  })

  it('refuses a visitor (401), another trader (404), before completion and after 14 days (409)', async () => {
    const owner = await trader()
    const offerer = await trader()
    const stranger = await trader()
    const { offerId } = await trade(owner, offerer)
    expect((await errorOf(await review(offerId, undefined, { rating: 5 }))).status).toBe(401)
    expect(await errorOf(await review(offerId, stranger, { rating: 5 }))).toMatchObject({
      status: 404,
      message: TRADING_MESSAGES.offerNotFound,
    })
    expect((await errorOf(await review(999_999_999, owner, { rating: 5 }))).status).toBe(404)

    const pending = await trade(owner, await trader(), { complete: false })
    expect(await errorOf(await review(pending.offerId, owner, { rating: 5 }))).toMatchObject({
      status: 409,
      message: TRUST_MESSAGES.reviewNotCompleted,
    })
    // Confirmed by one side only: still not completed.
    expect((await act(pending.offerId, 'complete', owner)).status).toBe(200)
    expect((await errorOf(await review(pending.offerId, owner, { rating: 5 }))).status).toBe(409)

    setAhead(14 * DAY + 60_000)
    expect(await errorOf(await review(offerId, owner, { rating: 5 }))).toMatchObject({
      status: 409,
      message: TRUST_MESSAGES.reviewTooLate,
    })
    setAhead(13 * DAY)
    expect((await review(offerId, owner, { rating: 5 })).status).toBe(201)
  })

  it('refuses every bad rating and comment with a 400 naming the field', async () => {
    const owner = await trader()
    const { offerId } = await trade(owner, await trader())
    const cases: [unknown, string][] = [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: '5' }, 'rating'],
      [{ rating: 4.5 }, 'rating'],
      [{}, 'rating'],
      [{ rating: 5, comment: 'x'.repeat(501) }, 'comment'],
      [{ rating: 5, comment: 'bad\u0000' }, 'comment'],
      [{ rating: 5, extra: true }, ''],
    ]
    for (const [body, field] of cases) {
      const error = await errorOf(await review(offerId, owner, body))
      expect(error.status, JSON.stringify(body)).toBe(400)
      if (field) expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field)
    }
    expect((await reviewsOf(owner.username)).reviews).toEqual([])
    expect((await review(offerId, owner, { rating: 5, comment: 'x'.repeat(500) })).status).toBe(201)
  })

  it('marks a review by an account younger than 3 days as "new account"', async () => {
    const owner = await trader()
    const fresh = await trader(0)
    const { offerId } = await trade(owner, fresh)
    expect((await reviewed(offerId, fresh, 1)).newAccount).toBe(true)
    expect((await reviewsOf(owner.username)).reviews[0]?.newAccount).toBe(true)
  })

  it('counts once two accounts reviewing each other more than 3 times in 30 days', async () => {
    const a = await trader()
    const b = await trader()
    const c = await trader()
    for (let i = 0; i < 2; i++) {
      const { offerId } = await trade(a, b)
      await reviewed(offerId, a, 1)
      await reviewed(offerId, b, 5)
    }
    // Four reviews between a and b in 30 days: a's two of b count as one.
    const { offerId } = await trade(c, b)
    await reviewed(offerId, c, 5)
    const { summary } = await reviewsOf(b.username)
    expect(summary).toEqual({
      average: 3,
      count: 3,
      completedTrades: 3,
      positivePercent: 50,
      disputesUpheld: 0,
    })
    // Three reviews between two accounts are fine: each counts.
    const d = await trader()
    const e = await trader()
    const first = await trade(d, e)
    await reviewed(first.offerId, d, 1)
    await reviewed(first.offerId, e, 5)
    const second = await trade(d, e)
    await reviewed(second.offerId, d, 2)
    expect((await reviewsOf(e.username)).summary.average).toBe(1.5)
  })

  it('refuses a review between traders who blocked each other (403)', async () => {
    const owner = await trader()
    const offerer = await trader()
    const { offerId } = await trade(owner, offerer)
    expect((await block(offerer, owner.username)).status).toBe(204)
    expect((await errorOf(await review(offerId, owner, { rating: 1 }))).status).toBe(403)
  })

  it('answers 404 for the reviews of nobody, 400 for a bad page', async () => {
    expect((await errorOf(await send(t, '/api/users/nobody_at_all_here/reviews'))).status).toBe(404)
    const someone = await trader()
    expect((await errorOf(await send(t, `/api/users/${someone.username}/reviews?page=0`))).status).toBe(400)
    expect((await reviewsOf(someone.username)).summary).toEqual({
      average: null,
      count: 0,
      completedTrades: 0,
      positivePercent: null,
      disputesUpheld: 0,
    })
  })
})
