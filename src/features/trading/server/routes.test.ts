import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ItemSummary } from '@/features/catalog/contract'
import { items } from '@/features/catalog/tables'
import { DEFAULT_FAIR_BAND, evaluateTrade } from '@/features/catalog/wfl'
import { notifications } from '@/features/notifications/server/public'
import { userSuspensions } from '@/features/roles/tables'
import {
  myTradesResponseSchema,
  TRADING_MESSAGES,
  type TradeAd,
  type TradeAdRequest,
  type TradeOffer,
  tradeAdResponseSchema,
  tradeAdsResponseSchema,
  tradeMessageSchema,
  tradeMessagesResponseSchema,
  tradeOfferResponseSchema,
  tradeOffersResponseSchema,
} from '@/features/trading/contract'
import { tradeAds } from '@/features/trading/tables'
import { errorOf, send } from '@/test/accounts'
import type { signedInUser } from '@/test/alert-delivery'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { readEvents } from '@/test/sse'
import { signedInTrader, TRADE_AD } from '@/test/trading'
import { sweepAds } from './ads'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
type User = Awaited<ReturnType<typeof signedInUser>>

const HOUR = 60 * 60 * 1000
/** Lowered so the limits are cheap to reach (each test's traders are its own). */
const LIMITS = {
  adsPerDay: { max: 12, windowSeconds: 86_400 },
  offersPerHour: { max: 3, windowSeconds: 3600 },
  messagesPerMinute: { max: 3, windowSeconds: 60 },
}

let t: TestApp
/** The server's clock runs this far ahead of the real one (expiry tests move it; reset after each). */
let ahead = 0

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(Date.now() + ahead), limits: { trading: LIMITS } })
})
afterAll(() => t.close())
afterEach(() => {
  ahead = 0
})

const trader = (options?: { username?: boolean; suspended?: boolean }) => signedInTrader(t, options)

const AD = TRADE_AD

const postAd = (cookie: string | undefined, body: unknown = AD) => send(t, '/api/trade-ads', { body, cookie })

async function adOf(owner: User, body: TradeAdRequest = AD): Promise<number> {
  const res = await postAd(owner.cookie, body)
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

async function getAd(id: number): Promise<TradeAd> {
  const res = await send(t, `/api/trade-ads/${id}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return tradeAdResponseSchema.parse(await res.json()).ad
}

const offer = (adId: number, cookie: string | undefined, body: unknown = {}) =>
  send(t, `/api/trade-ads/${adId}/offers`, { body, cookie })

async function offerOf(adId: number, by: User, body: unknown = {}): Promise<number> {
  const res = await offer(adId, by.cookie, body)
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

const act = (offerId: number, what: string, cookie: string | undefined) =>
  send(t, `/api/trade-offers/${offerId}/${what}`, { method: 'POST', cookie })

async function acted(res: Response, status = 200): Promise<TradeOffer> {
  expect(res.status, await res.clone().text()).toBe(status)
  return tradeOfferResponseSchema.parse(await res.json()).offer
}

const kindsOf = async (userId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => n.kind,
  )

async function expectError(res: Response, status: number, field?: string) {
  const error = await errorOf(res)
  expect(error.status, error.message).toBe(status)
  if (field) expect(Object.keys(error.fields ?? {}), error.message).toContain(field)
  return error
}

/** A list of this trader's open ads (the filter keeps other tests' ads out). */
async function listOf(query: string) {
  const res = await send(t, `/api/trade-ads?${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return tradeAdsResponseSchema.parse(await res.json())
}

describe('POST /api/trade-ads', () => {
  it('posts an ad that shows both sides with names, images and values, and the verdict of the calculator', async () => {
    const owner = await trader()
    const id = await adOf(owner)
    const ad = await getAd(id)
    expect(ad).toMatchObject({
      game: 'blox-fruits',
      status: 'open',
      owner: { username: owner.username, completedTrades: 0, avatar: null },
      tags: ['adds'],
      note: 'Fast trade, add me',
      hours: 24,
      pendingOffers: 0,
    })
    expect(Date.parse(ad.expiresAt) - Date.parse(ad.listedAt)).toBe(24 * HOUR)
    expect(ad.offering.map((s) => [s.item, s.variant, s.quantity])).toEqual([
      ['kitsune', null, 1],
      ['control', 'permanent', 2],
    ])
    const [kitsune, control, dragon] = [...ad.offering, ...ad.requesting]
    expect(kitsune!.name).toBe('Kitsune')
    expect(dragon!.name).toBe('West Dragon')

    // The same rule as the calculator, on the catalog's items.
    const catalog = await send(t, '/api/games/blox-fruits/items?ids=kitsune,control,west-dragon')
    const known = new Map(
      ((await catalog.json()) as { items: ItemSummary[] }).items.map((i) => [i.id, i] as const),
    )
    expect(control!.value).toBe(known.get('control')!.variants!.permanent)
    const expected = evaluateTrade(
      {
        give: [
          { itemId: 'kitsune', quantity: 1 },
          { itemId: 'control', quantity: 2, variant: 'permanent' },
        ],
        get: [{ itemId: 'west-dragon', quantity: 1 }],
      },
      known,
      { band: DEFAULT_FAIR_BAND, game: 'blox-fruits' },
    )
    expect(ad.wfl).toEqual({
      offering: expected.give.total,
      requesting: expected.get.total,
      difference: expected.difference,
      percent: expected.percent,
      verdict: expected.verdict,
      band: DEFAULT_FAIR_BAND,
    })
  })

  it('refuses a visitor (401), a trader without a username and a suspended one (403)', async () => {
    await expectError(await postAd(undefined), 401)
    const nameless = await trader({ username: false })
    expect((await expectError(await postAd(nameless.cookie), 403)).message).toBe(
      TRADING_MESSAGES.usernameFirst,
    )
    const suspended = await trader({ suspended: true })
    expect((await expectError(await postAd(suspended.cookie), 403)).message).toBe(TRADING_MESSAGES.suspended)
  })

  it('refuses every bad input with a 400 naming the field, and stores nothing', async () => {
    const owner = await trader()
    await t.database.db
      .update(items)
      .set({ retiredAt: new Date() })
      .where(and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'gravity')))
    t.cache.invalidate('catalog:')
    const nine = Array.from({ length: 9 }, (_, i) => ({ item: 'kitsune', quantity: i + 1 }))
    const cases: [unknown, string][] = [
      [{ ...AD, game: 'roblox' }, 'game'],
      [{ ...AD, offering: [{ item: 'no-such-fruit' }] }, 'offering.0.item'],
      [{ ...AD, offering: [{ item: 'gingerscope' }] }, 'offering.0.item'],
      [{ ...AD, requesting: [{ item: 'west-dragon', variant: 'golden' }] }, 'requesting.0.variant'],
      [{ ...AD, offering: [] }, 'offering'],
      [{ ...AD, offering: nine }, 'offering'],
      [{ ...AD, requesting: nine }, 'requesting'],
      [{ ...AD, offering: [{ item: 'kitsune', quantity: 0 }] }, 'offering.0.quantity'],
      [{ ...AD, offering: [{ item: 'kitsune', quantity: 1000 }] }, 'offering.0.quantity'],
      [{ ...AD, offering: [{ item: 'kitsune', quantity: 1.5 }] }, 'offering.0.quantity'],
      [{ ...AD, note: 'x'.repeat(301) }, 'note'],
      [{ ...AD, note: 'bad\u0000note' }, 'note'],
      [{ ...AD, note: 'broken \ud800' }, 'note'],
      [{ ...AD, tags: ['robux'] }, 'tags.0'],
      [{ ...AD, hours: 7 }, 'hours'],
      [{ ...AD, requesting: [], tags: [] }, 'requesting'],
      [{ ...AD, offering: [{ item: 'gravity' }] }, 'offering.0.item'],
      [{ ...AD, extra: 1 }, '(body)'],
    ]
    try {
      for (const [body, field] of cases) await expectError(await postAd(owner.cookie, body), 400, field)
    } finally {
      await t.database.db
        .update(items)
        .set({ retiredAt: null })
        .where(and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'gravity')))
      t.cache.invalidate('catalog:')
    }
    expect(await t.database.db.select().from(tradeAds).where(eq(tradeAds.userId, owner.id))).toEqual([])
    // A retired item may still be requested; a tag alone is a request.
    await adOf(owner, { game: 'blox-fruits', offering: [{ item: 'dough' }], tags: ['overpay'], hours: 6 })
  })

  it('refuses the same open ad twice (409) and an 11th open ad in a game (429 with Retry-After)', async () => {
    const owner = await trader()
    await adOf(owner)
    await expectError(await postAd(owner.cookie), 409)
    for (let q = 2; q <= 10; q++)
      await adOf(owner, { ...AD, offering: [{ item: 'kitsune', quantity: q }], note: undefined })
    const eleventh = await postAd(owner.cookie, { ...AD, offering: [{ item: 'kitsune', quantity: 11 }] })
    await expectError(eleventh, 429)
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(23 * 3600)
    // Another game has its own cap.
    await adOf(owner, { game: 'murder-mystery-2', offering: [{ item: 'gingerscope' }], tags: ['any'] })
  })

  it('allows a set number of new ads a day (429 with Retry-After)', async () => {
    const owner = await trader()
    for (let q = 1; q <= 6; q++) {
      await adOf(owner, { game: 'blox-fruits', offering: [{ item: 'dough', quantity: q }], tags: ['any'] })
      await adOf(owner, {
        game: 'murder-mystery-2',
        offering: [{ item: 'gingerscope', quantity: q }],
        tags: ['any'],
      })
    }
    const res = await postAd(owner.cookie, {
      game: 'fisch',
      offering: [{ item: 'flimsy-rod' }],
      tags: ['any'],
    })
    await expectError(res, 429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('GET /api/trade-ads', () => {
  it('lists open ads newest first, filtered by game, has, wants, tag and trader, and follows every change', async () => {
    const owner = await trader()
    const first = await adOf(owner)
    const second = await adOf(owner, {
      game: 'blox-fruits',
      offering: [{ item: 'dough' }],
      requesting: [{ item: 'east-dragon' }],
      tags: ['upgrade'],
    })
    const mm2 = await adOf(owner, {
      game: 'murder-mystery-2',
      offering: [{ item: 'gingerscope' }],
      tags: ['any'],
    })
    const user = `user=${owner.username}`
    const ids = async (q: string) => (await listOf(`${user}&${q}`)).ads.map((a) => a.id)

    const all = await listOf(user)
    expect(all.ads.map((a) => a.id)).toEqual([mm2, second, first])
    expect(all).toMatchObject({ page: 1, pageSize: 20, pageCount: 1, total: 3 })
    expect(await ids('game=blox-fruits')).toEqual([second, first])
    expect(await ids('has=kitsune')).toEqual([first])
    expect(await ids('wants=east-dragon')).toEqual([second])
    expect(await ids('has=west-dragon')).toEqual([])
    expect(await ids('tag=upgrade')).toEqual([second])
    expect(await ids('page=2')).toEqual([])

    // Cached, and dropped on every change: a closed ad leaves the list at once.
    const cached = await send(t, `/api/trade-ads?${user}`)
    expect(cached.headers.get('etag')).toBeTruthy()
    expect(
      (await send(t, `/api/trade-ads/${first}`, { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(200)
    expect((await listOf(user)).ads.map((a) => a.id)).toEqual([mm2, second])
  })

  it('answers 400 for a bad filter and 404 for an unknown ad', async () => {
    for (const q of ['game=roblox', 'tag=robux', 'has=Not An Id', 'page=0', 'user=Bad Name', 'x=1'])
      await expectError(await send(t, `/api/trade-ads?${q}`), 400)
    await expectError(await send(t, '/api/trade-ads/999999999'), 404)
    await expectError(await send(t, '/api/trade-ads/abc'), 400)
  })
})

describe('DELETE /api/trade-ads/:id and relist', () => {
  it('only the owner closes an ad; its pending offers are declined with a notification', async () => {
    const [owner, offerer, other] = await Promise.all([trader(), trader(), trader()])
    const id = await adOf(owner)
    const offerId = await offerOf(id, offerer)
    const close = (cookie?: string) => send(t, `/api/trade-ads/${id}`, { method: 'DELETE', cookie })
    await expectError(await close(), 401)
    await expectError(await close(other.cookie), 403)
    await expectError(await close(offerer.cookie), 403)
    const res = await close(owner.cookie)
    expect(res.status).toBe(200)
    expect((await getAd(id)).status).toBe('closed')
    await expectError(await close(owner.cookie), 409)
    const offers = await send(t, `/api/trade-ads/${id}/offers`, { cookie: offerer.cookie })
    expect(tradeOffersResponseSchema.parse(await offers.json()).offers.map((o) => [o.id, o.status])).toEqual([
      [offerId, 'declined'],
    ])
    expect(await kindsOf(offerer.id)).toContain('trade-declined')
    // Offers on a closed ad: 409.
    await expectError(await offer(id, other.cookie), 409)
  })

  it('an ad expires on the server clock, leaves the list, takes no offer, and its owner relists it', async () => {
    const [owner, other] = await Promise.all([trader(), trader()])
    const id = await adOf(owner, { ...AD, hours: 6 })
    const relist = (cookie?: string) => send(t, `/api/trade-ads/${id}/relist`, { method: 'POST', cookie })
    await expectError(await relist(owner.cookie), 409)
    expect((await listOf(`user=${owner.username}`)).total).toBe(1)

    ahead = 6 * HOUR + 1000
    expect((await getAd(id)).status).toBe('expired')
    expect((await listOf(`user=${owner.username}`)).total).toBe(0)
    await expectError(await offer(id, other.cookie), 409)
    await expectError(await relist(), 401)
    await expectError(await relist(other.cookie), 403)
    const res = await relist(owner.cookie)
    expect(res.status, await res.clone().text()).toBe(200)
    const ad = await getAd(id)
    expect(ad.status).toBe('open')
    expect(Date.parse(ad.expiresAt)).toBe(Date.parse(ad.listedAt) + 6 * HOUR)
    expect((await listOf(`user=${owner.username}`)).ads.map((a) => a.id)).toEqual([id])
  })

  it('the worker warns the owner once within the hour and marks ended ads expired', async () => {
    const owner = await trader()
    const id = await adOf(owner, { ...AD, hours: 6 })
    const now = () => new Date(Date.now() + ahead)
    ahead = 5.5 * HOUR
    await sweepAds({ db: t.database.db, cache: t.cache, publicUrl: TEST_ORIGIN }, now())
    await sweepAds({ db: t.database.db, cache: t.cache, publicUrl: TEST_ORIGIN }, now())
    expect((await kindsOf(owner.id)).filter((k) => k === 'trade-expiring')).toHaveLength(1)
    ahead = 6 * HOUR + 1000
    await sweepAds({ db: t.database.db, cache: t.cache, publicUrl: TEST_ORIGIN }, now())
    const [row] = await t.database.db.select().from(tradeAds).where(eq(tradeAds.id, id))
    expect(row!.status).toBe('expired')
    expect((await getAd(id)).status).toBe('expired')
  })
})

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

  it('only the owner accepts or declines, only the offerer cancels, others do not see the offer', async () => {
    const [owner, offerer, second, other] = await Promise.all([trader(), trader(), trader(), trader()])
    const id = await adOf(owner)
    const offerId = await offerOf(id, offerer)
    const secondId = await offerOf(id, second)

    for (const what of ['accept', 'decline', 'cancel', 'complete']) {
      await expectError(await act(offerId, what, undefined), 401)
      await expectError(await act(offerId, what, other.cookie), 404)
    }
    await expectError(await act(offerId, 'accept', offerer.cookie), 403)
    await expectError(await act(offerId, 'decline', offerer.cookie), 403)
    await expectError(await act(offerId, 'cancel', owner.cookie), 403)
    await expectError(await act(offerId, 'complete', owner.cookie), 409)
    await expectError(await act(999_999_999, 'accept', owner.cookie), 404)

    const accepted = await acted(await act(offerId, 'accept', owner.cookie))
    expect(accepted.status).toBe('accepted')
    expect(await kindsOf(offerer.id)).toContain('trade-accepted')
    await expectError(await act(offerId, 'accept', owner.cookie), 409)
    await expectError(await act(offerId, 'cancel', offerer.cookie), 409)
    // One accepted offer per ad; the others stay pending.
    expect((await expectError(await act(secondId, 'accept', owner.cookie), 409)).message).toBe(
      TRADING_MESSAGES.otherAccepted,
    )
    const cancelled = await acted(await act(secondId, 'cancel', second.cookie))
    expect(cancelled.status).toBe('cancelled')
    expect(await kindsOf(owner.id)).toContain('trade-cancelled')
    // A suspended owner decides nothing.
    await t.database.db.insert(userSuspensions).values({ userId: owner.id, reason: 'scams' })
    await expectError(await act(offerId, 'decline', owner.cookie), 403)
    await t.database.db.delete(userSuspensions).where(eq(userSuspensions.userId, owner.id))
    const declined = await acted(await act(offerId, 'decline', owner.cookie))
    expect(declined.status).toBe('declined')
    expect(await kindsOf(offerer.id)).toContain('trade-declined')
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

describe('an offer conversation', () => {
  it('the two traders write and read, live on both streams; others cannot; bad messages are refused', async () => {
    const [owner, offerer, other] = await Promise.all([trader(), trader(), trader()])
    const id = await adOf(owner)
    const offerId = await offerOf(id, offerer)
    const path = `/api/trade-offers/${offerId}/messages`
    const write = (cookie: string | undefined, body: unknown) => send(t, path, { body, cookie })

    const live = readEvents(await send(t, '/api/live', { cookie: offerer.cookie }))
    expect((await live.next()).event).toBe('notifications')

    const res = await write(owner.cookie, { body: '  Hi! When can you trade?  ' })
    expect(res.status, await res.clone().text()).toBe(201)
    const sent = tradeMessageSchema.parse(await res.json())
    expect(sent).toMatchObject({
      offerId,
      author: 'owner',
      username: owner.username,
      body: 'Hi! When can you trade?',
    })
    let event = await live.next()
    while (event.event !== 'trade-message') event = await live.next()
    expect(tradeMessageSchema.parse(JSON.parse(event.data))).toEqual(sent)
    await live.close()
    expect(await kindsOf(offerer.id)).toContain('trade-message')

    expect((await write(offerer.cookie, { body: 'Now, in game' })).status).toBe(201)
    const read = await send(t, path, { cookie: offerer.cookie })
    expect(
      tradeMessagesResponseSchema.parse(await read.json()).messages.map((m) => [m.author, m.body]),
    ).toEqual([
      ['owner', 'Hi! When can you trade?'],
      ['offerer', 'Now, in game'],
    ])

    await expectError(await write(undefined, { body: 'hi' }), 401)
    await expectError(await send(t, path), 401)
    await expectError(await write(other.cookie, { body: 'hi' }), 404)
    await expectError(await send(t, path, { cookie: other.cookie }), 404)
    await expectError(await write(offerer.cookie, { body: 'x'.repeat(1001) }), 400, 'body')
    await expectError(await write(offerer.cookie, { body: '   ' }), 400, 'body')
    await expectError(await write(offerer.cookie, { body: 'nul\u0000' }), 400, 'body')
    await expectError(await write(offerer.cookie, {}), 400, 'body')
  })

  it('limits messages per minute (429 with Retry-After)', async () => {
    const [owner, offerer] = await Promise.all([trader(), trader()])
    const offerId = await offerOf(await adOf(owner), offerer)
    const path = `/api/trade-offers/${offerId}/messages`
    for (let i = 0; i < 3; i++)
      expect((await send(t, path, { body: { body: `m${i}` }, cookie: offerer.cookie })).status).toBe(201)
    const res = await send(t, path, { body: { body: 'one more' }, cookie: offerer.cookie })
    await expectError(res, 429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('GET /api/me/trades', () => {
  it('lists my ads of every status and the offers I sent and received', async () => {
    const [owner, offerer] = await Promise.all([trader(), trader()])
    const open = await adOf(owner)
    const closed = await adOf(owner, { ...AD, offering: [{ item: 'dough' }] })
    await send(t, `/api/trade-ads/${closed}`, { method: 'DELETE', cookie: owner.cookie })
    const offerId = await offerOf(open, offerer)

    const mine = myTradesResponseSchema.parse(
      await (await send(t, '/api/me/trades', { cookie: owner.cookie })).json(),
    )
    expect(mine.ads.map((a) => [a.id, a.status])).toEqual([
      [closed, 'closed'],
      [open, 'open'],
    ])
    expect(mine.received.map((o) => o.id)).toEqual([offerId])
    expect(mine.sent).toEqual([])
    const theirs = myTradesResponseSchema.parse(
      await (await send(t, '/api/me/trades', { cookie: offerer.cookie })).json(),
    )
    expect(theirs.sent.map((o) => [o.id, o.status])).toEqual([[offerId, 'pending']])
    await expectError(await send(t, '/api/me/trades'), 401)
  })
})
