import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  TRADING_MESSAGES,
  tradeAdResponseSchema,
  tradeAdsResponseSchema,
  tradeOffersResponseSchema,
} from '@/features/trading/contract'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { created, signedInTrader, TRADE_AD, type Trader } from '@/test/trading'
import { fakeWeb } from '@/test/web'

/**
 * A suspended trader's ads and offers hide (docs/product.md §2, §10): out of every list, their ad's API
 * and page a 404, their pending offers out of other ads' counts; lifting the suspension brings back what
 * has not ended meanwhile.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>
const HOUR = 60 * 60 * 1000

let t: TestApp
/** The server's clock runs this far ahead of the real one (reset after each test). */
let ahead = 0

beforeAll(async () => {
  t = await createTestApp({ web: await fakeWeb(), clock: () => new Date(Date.now() + ahead) })
})
afterAll(() => t.close())
afterEach(() => {
  ahead = 0
})

const admin = () => signedInUser(t, freshEmail('admin'), ['admin'])

async function suspend(who: Trader) {
  const res = await send(t, `/api/admin/users/${who.id}/suspend`, {
    body: { reason: 'Scammed a trader' },
    cookie: (await admin()).cookie,
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

async function restore(who: Trader) {
  const res = await send(t, `/api/admin/users/${who.id}/restore`, {
    method: 'POST',
    cookie: (await admin()).cookie,
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

/** The ids of the open ads the site lists for this query. */
async function listed(query: string): Promise<number[]> {
  const res = await send(t, `/api/trade-ads?${query}`)
  expect(res.status).toBe(200)
  return tradeAdsResponseSchema.parse(await res.json()).ads.map((ad) => ad.id)
}

/** What a visitor gets of the ad: its API (status) and its page (status). */
async function seen(adId: number) {
  return {
    api: (await send(t, `/api/trade-ads/${adId}`)).status,
    page: (await t.app.request(`/trading/ad/${adId}`)).status,
  }
}

describe("a suspended trader's ads", () => {
  it('leave the lists, the ad and its page (404); they come back when the suspension is lifted', async () => {
    const owner = await signedInTrader(t)
    const adId = await created(t, '/api/trade-ads', owner.cookie, TRADE_AD)
    expect(await listed(`user=${owner.username}`)).toEqual([adId])
    expect(await listed('game=blox-fruits')).toContain(adId)
    expect(await seen(adId)).toEqual({ api: 200, page: 200 })

    await suspend(owner)
    expect(await listed(`user=${owner.username}`)).toEqual([])
    expect(await listed('game=blox-fruits')).not.toContain(adId)
    expect(await listed(`has=kitsune&game=blox-fruits`)).not.toContain(adId)
    expect(await seen(adId)).toEqual({ api: 404, page: 404 })
    expect(await errorOf(await send(t, `/api/trade-ads/${adId}`))).toMatchObject({
      message: TRADING_MESSAGES.adNotFound,
    })
    const viewer = await signedInTrader(t)
    expect((await send(t, `/api/trade-ads/${adId}`, { cookie: viewer.cookie })).status).toBe(404)

    await restore(owner)
    expect(await listed(`user=${owner.username}`)).toEqual([adId])
    expect(await seen(adId)).toEqual({ api: 200, page: 200 })
  })

  it('that ended meanwhile stay out of the lists once the suspension is lifted', async () => {
    const owner = await signedInTrader(t)
    const adId = await created(t, '/api/trade-ads', owner.cookie, { ...TRADE_AD, hours: 6 })
    await suspend(owner)
    ahead = 7 * HOUR
    await restore(owner)
    expect(await listed(`user=${owner.username}`)).toEqual([])
    const res = await send(t, `/api/trade-ads/${adId}`)
    expect(tradeAdResponseSchema.parse(await res.json()).ad.status).toBe('expired')
  })
})

describe("a suspended trader's offers", () => {
  it("leave other ads' pending counts, and come back with the trader", async () => {
    const owner = await signedInTrader(t)
    const offerer = await signedInTrader(t)
    const adId = await created(t, '/api/trade-ads', owner.cookie, TRADE_AD)
    await created(t, `/api/trade-ads/${adId}/offers`, offerer.cookie)
    const pending = async () =>
      tradeAdResponseSchema.parse(await (await send(t, `/api/trade-ads/${adId}`)).json()).ad.pendingOffers
    expect(await pending()).toBe(1)
    await suspend(offerer)
    expect(await pending()).toBe(0)
    await restore(offerer)
    expect(await pending()).toBe(1)
  })

  it('are neither seen nor accepted by the owner while suspended, and no one offers on their ads', async () => {
    const owner = await signedInTrader(t)
    const offerer = await signedInTrader(t)
    const adId = await created(t, '/api/trade-ads', owner.cookie, TRADE_AD)
    const offerId = await created(t, `/api/trade-ads/${adId}/offers`, offerer.cookie)
    const ownerSees = async () => {
      const res = await send(t, `/api/trade-ads/${adId}/offers`, { cookie: owner.cookie })
      return tradeOffersResponseSchema.parse(await res.json()).offers.map((o) => o.id)
    }
    const received = async () => {
      const res = await send(t, '/api/me/trades', { cookie: owner.cookie })
      return ((await res.json()) as { received: { id: number }[] }).received.map((o) => o.id)
    }
    await suspend(offerer)
    expect(await ownerSees()).toEqual([])
    expect(await received()).toEqual([])
    const accept = await send(t, `/api/trade-offers/${offerId}/accept`, {
      method: 'POST',
      cookie: owner.cookie,
    })
    expect(await errorOf(accept)).toMatchObject({ status: 409, message: TRADING_MESSAGES.offererSuspended })
    // A suspended trader's ad takes no offer: it is not there for others.
    const other = await signedInTrader(t)
    const theirAd = await created(t, '/api/trade-ads', other.cookie, TRADE_AD)
    await suspend(other)
    const onIt = await send(t, `/api/trade-ads/${theirAd}/offers`, { body: {}, cookie: owner.cookie })
    expect(await errorOf(onIt)).toMatchObject({ status: 404, message: TRADING_MESSAGES.adNotFound })

    await restore(offerer)
    expect(await ownerSees()).toEqual([offerId])
    expect(await received()).toContain(offerId)
    expect(
      (await send(t, `/api/trade-offers/${offerId}/accept`, { method: 'POST', cookie: owner.cookie })).status,
    ).toBe(200)
  })
})
