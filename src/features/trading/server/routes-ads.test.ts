/**
 * Trade ads: posting one (who may, what it takes, the limits), the public list and its filters, and an
 * ad's end: closed by its owner, expired on the server clock, warned of by the worker, relisted.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ItemSummary } from '@/features/catalog/contract'
import { items } from '@/features/catalog/tables'
import { DEFAULT_FAIR_BAND, evaluateTrade } from '@/features/catalog/wfl'
import { TRADING_MESSAGES, tradeOffersResponseSchema } from '@/features/trading/contract'
import { tradeAds } from '@/features/trading/tables'
import { send } from '@/test/accounts'
import { TEST_ORIGIN } from '@/test/app'
import { heardWithTheCommit } from '@/test/cache-invalidation'
import { sweepAds } from './ads'
import { TRADING_CACHE_PREFIX } from './deps'
import {
  AD,
  adOf,
  ahead,
  expectError,
  getAd,
  HOUR,
  kindsOf,
  listOf,
  offer,
  offerOf,
  postAd,
  setAhead,
  setUpTradingApp,
  t,
  trader,
} from './routes-test-setup'

setUpTradingApp()

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
      [{ ...AD, requesting: [{ item: 'gravity' }] }, 'requesting.0.item'],
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
    // A tag alone is a request.
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

    setAhead(6 * HOUR + 1000)
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
    setAhead(5.5 * HOUR)
    await sweepAds({ db: t.database.db, cache: t.cache, publicUrl: TEST_ORIGIN }, now())
    await sweepAds({ db: t.database.db, cache: t.cache, publicUrl: TEST_ORIGIN }, now())
    expect((await kindsOf(owner.id)).filter((k) => k === 'trade-expiring')).toHaveLength(1)
    setAhead(6 * HOUR + 1000)
    await sweepAds({ db: t.database.db, cache: t.cache, publicUrl: TEST_ORIGIN }, now())
    const [row] = await t.database.db.select().from(tradeAds).where(eq(tradeAds.id, id))
    expect(row!.status).toBe('expired')
    expect((await getAd(id)).status).toBe('expired')
  })

  it("the worker's notices and expiries reach the other instances with their commits; a round with nothing to do, nothing", async () => {
    const owner = await trader()
    await adOf(owner, { ...AD, hours: 6 })
    const sweep = () =>
      sweepAds({ db: t.database.db, cache: t.cache, publicUrl: TEST_ORIGIN }, new Date(Date.now() + ahead))
    setAhead(5.5 * HOUR)
    expect(await heardWithTheCommit(t, sweep)).toContain(TRADING_CACHE_PREFIX) // the notice
    setAhead(6 * HOUR + 1000)
    expect(await heardWithTheCommit(t, sweep)).toContain(TRADING_CACHE_PREFIX) // the expiry
    expect(await heardWithTheCommit(t, sweep)).toEqual([])
  })
})
