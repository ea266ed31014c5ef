/**
 * Reviews after an accepted trade: once each, within 14 days, a block notwithstanding; the summary on a
 * profile, ads and offers, new accounts, and a partner counted once in 7 days.
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
      partners: 1,
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

  it('refuses a visitor (401), another trader (404), an offer never accepted and after 14 days (409)', async () => {
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

    // Pending, declined, cancelled while pending: never accepted.
    const adId = await adOf(owner, { ...AD, tags: ['adds'] })
    const pending = await offerOf(adId, await trader())
    const declined = await offerOf(adId, await trader())
    expect((await act(declined, 'decline', owner)).status).toBe(200)
    const withdrawn = await offerOf(adId, offerer)
    expect((await act(withdrawn, 'cancel', offerer)).status).toBe(200)
    for (const id of [pending, declined, withdrawn])
      expect(await errorOf(await review(id, owner, { rating: 5 }))).toMatchObject({
        status: 409,
        message: TRUST_MESSAGES.reviewNotAccepted,
      })

    setAhead(14 * DAY + 60_000)
    expect(await errorOf(await review(offerId, owner, { rating: 5 }))).toMatchObject({
      status: 409,
      message: TRUST_MESSAGES.reviewTooLate,
    })
    setAhead(13 * DAY)
    expect((await review(offerId, owner, { rating: 5 })).status).toBe(201)
  })

  it('lets each trader review a trade that was accepted: not yet completed, or cancelled after', async () => {
    const owner = await trader()
    const offerer = await trader()
    // Accepted, confirmed by one side only.
    const accepted = await trade(owner, offerer, { complete: false })
    expect((await act(accepted.offerId, 'complete', owner)).status).toBe(200)
    expect((await reviewed(accepted.offerId, offerer, 2)).rating).toBe(2)
    // Accepted, and one trader asked to cancel.
    const other = await trader()
    const cancelled = await trade(other, owner, { complete: false })
    expect((await act(cancelled.offerId, 'cancel', owner)).status).toBe(200)
    expect((await reviewed(cancelled.offerId, owner, 1)).rating).toBe(1)
    // 20 days after the acceptance: too late for an accepted trade...
    setAhead(20 * DAY)
    for (const [offerId, by] of [
      [accepted.offerId, owner],
      [cancelled.offerId, other],
    ] as const)
      expect(await errorOf(await review(offerId, by, { rating: 5 }))).toMatchObject({
        status: 409,
        message: TRUST_MESSAGES.reviewTooLate,
      })
    // ...but the 14 days of a cancelled one run from its cancellation.
    expect((await act(cancelled.offerId, 'cancel', other)).status).toBe(200)
    expect((await reviewed(cancelled.offerId, other, 3)).rating).toBe(3)
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

  it("counts an author's reviews of one trader once in 7 days; every review still shows", async () => {
    const a = await trader()
    const b = await trader()
    for (const rating of [5, 1, 1]) await reviewed((await trade(a, b)).offerId, b, rating)
    // Three reviews of a by b within a day: the first counts, the others only show.
    const within = await reviewsOf(a.username)
    expect(within.summary).toMatchObject({ average: 5, count: 1, positivePercent: 100 })
    expect(within.reviews.map((r) => r.rating)).toEqual([1, 1, 5])
    // a's review of b is another author's: it counts for b.
    const back = await trade(b, a)
    await reviewed(back.offerId, a, 4)
    expect((await reviewsOf(b.username)).summary).toMatchObject({ average: 4, count: 1 })
    // Eight days later, b's next review of a counts again.
    setAhead(8 * DAY)
    await reviewed((await trade(a, b)).offerId, b, 3)
    const later = await reviewsOf(a.username)
    expect(later.summary).toMatchObject({ average: 4, count: 2, positivePercent: 50 })
    expect(later.reviews).toHaveLength(4)
  })

  it('counts a trading partner once in 7 days: 10 trades and 10 reviews of one pair within a day count as 1', async () => {
    const a = await trader()
    const b = await trader()
    for (let i = 0; i < 10; i++) await reviewed((await trade(a, b)).offerId, b, 5)
    expect((await reviewsOf(a.username)).summary).toEqual({
      average: 5,
      count: 1,
      completedTrades: 1,
      partners: 1,
      positivePercent: 100,
      disputesUpheld: 0,
    })
    // Ads show the same counted figures.
    const adId = await adOf(a)
    const ad = tradeAdResponseSchema.parse(await (await send(t, `/api/trade-ads/${adId}`)).json()).ad
    expect(ad.owner).toMatchObject({ reviews: { average: 5, count: 1 }, completedTrades: 1 })
  })

  it('shows how many distinct traders a trader completed trades with', async () => {
    const a = await trader()
    const [b, c] = [await trader(), await trader()]
    await trade(a, b)
    await trade(b, a)
    await trade(c, a)
    await trade(a, b, { complete: false }) // accepted only: no partner yet
    expect((await reviewsOf(a.username)).summary).toMatchObject({ completedTrades: 2, partners: 2 })
    expect((await reviewsOf(b.username)).summary).toMatchObject({ completedTrades: 1, partners: 1 })
  })

  it('never lets a block stop the review of an accepted trade, either way', async () => {
    const owner = await trader()
    const offerer = await trader()
    const { offerId } = await trade(owner, offerer)
    expect((await block(offerer, owner.username)).status).toBe(204)
    expect((await review(offerId, owner, { rating: 1 })).status).toBe(201)
    expect((await review(offerId, offerer, { rating: 1 })).status).toBe(201)
  })

  it('answers 404 for the reviews of nobody, 400 for a bad page', async () => {
    expect((await errorOf(await send(t, '/api/users/nobody_at_all_here/reviews'))).status).toBe(404)
    const someone = await trader()
    expect((await errorOf(await send(t, `/api/users/${someone.username}/reviews?page=0`))).status).toBe(400)
    expect((await reviewsOf(someone.username)).summary).toEqual({
      average: null,
      count: 0,
      completedTrades: 0,
      partners: 0,
      positivePercent: null,
      disputesUpheld: 0,
    })
  })
})
