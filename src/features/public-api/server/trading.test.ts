import { validate } from '@readme/openapi-parser'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userAchievements } from '@/features/achievements/tables'
import {
  v1TradeAdResponseSchema,
  v1TradeAdsResponseSchema,
  v1TraderResponseSchema,
} from '@/features/public-api/contract'
import { TRADING_MESSAGES, type TradeAdRequest } from '@/features/trading/contract'
import { robloxAccounts } from '@/features/verification/tables'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp, served, TEST_ORIGIN } from '@/test/app'
import { freshAddress, publicApiClient } from '@/test/public-api'
import { created, signedInTrader, TRADE_AD, type Trader, tradeBetween } from '@/test/trading'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } })
})
afterAll(() => t.close())

const { get, ok } = publicApiClient(() => t.app)

const trader = () => signedInTrader(t)
const postAd = (owner: Trader, ad: TradeAdRequest = TRADE_AD) =>
  created(t, '/api/trade-ads', owner.cookie, ad)

let robloxIds = 0
/** Gives the trader a verified Roblox account; answers its name. */
async function verify(who: Trader): Promise<string> {
  const name = `Rbx${process.pid % 1000}_${++robloxIds}`
  await t.database.db.insert(robloxAccounts).values({
    userId: who.id,
    robloxId: 7_000_000 + (process.pid % 1000) * 1000 + robloxIds,
    name,
    displayName: `${name} Display`,
  })
  return name
}

/** Hides an ad as a moderator does: reported, then the report resolved with "hide". */
async function hideAd(adId: number) {
  const reporter = await trader()
  const report = await send(t, '/api/reports', {
    body: { target: { kind: 'ad', id: adId }, reason: 'scam', details: 'Asked me to give first' },
    cookie: reporter.cookie,
  })
  expect(report.status, await report.clone().text()).toBe(201)
  const { id } = (await report.json()) as { id: number }
  const mod = await signedInUser(t, freshEmail('mod'), ['moderator'])
  const res = await send(t, `/api/admin/reports/${id}/resolve`, {
    body: { action: 'hide' },
    cookie: mod.cookie,
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

describe('GET /api/v1/trade-ads', () => {
  it("answers the open ads, newest first, with items, values, the note, the trader's public parts and links", async () => {
    const owner = await trader()
    const roblox = await verify(owner)
    const first = await postAd(owner)
    const second = await postAd(owner, { ...TRADE_AD, tags: ['upgrade'], note: '<b>hi</b> & bye' })
    const res = await ok(`/api/v1/trade-ads?user=${owner.username}`)
    expect(res.headers.get('cache-control')).toBe('public, no-cache')
    expect(res.headers.get('etag')).toBeTruthy()
    const page = v1TradeAdsResponseSchema.parse(await res.json())
    expect(page.ads.map((a) => a.id)).toEqual([second, first])
    expect(page.total).toBe(2)
    const ad = page.ads[0]!
    expect(ad).toMatchObject({
      game: 'blox-fruits',
      url: `${TEST_ORIGIN}/trading/ad/${second}`,
      note: '<b>hi</b> & bye', // the stored text: escaped where it is shown, as the site does
      tags: ['upgrade'],
      trader: {
        username: owner.username,
        roblox: { name: roblox, displayName: `${roblox} Display` },
        reviews: { average: null, count: 0 },
        completedTrades: 0,
        url: `${TEST_ORIGIN}/u/${owner.username}`,
      },
    })
    expect(ad.offering.map((s) => [s.item, s.variant, s.quantity])).toEqual([
      ['kitsune', null, 1],
      ['control', 'permanent', 2],
    ])
    expect(ad.offering[0]?.name).toBeTruthy()
    expect(ad.offering[0]?.value).toBeGreaterThan(0)
    expect(ad.requesting.map((s) => s.item)).toEqual(['west-dragon'])
    expect(ad.wfl.offering).toBeGreaterThan(0)
    expect(Date.parse(ad.expiresAt)).toBeGreaterThan(Date.parse(ad.createdAt))

    // Nothing private: no e-mail, no account id, no status or offers of the site's own answer.
    const text = JSON.stringify(page)
    expect(text).not.toContain('email')
    expect(text).not.toContain(owner.email)
    expect(text).not.toContain(owner.id)
    expect(ad).not.toHaveProperty('pendingOffers')
    expect(ad.trader).not.toHaveProperty('avatarUrl')
  })

  it('filters as the site does: game, an item given or wanted, verified traders only, pages', async () => {
    const verified = await trader()
    await verify(verified)
    const plain = await trader()
    const doughAd = { ...TRADE_AD, game: 'blox-fruits' as const, offering: [{ item: 'dough' }] }
    const a = await postAd(verified, doughAd)
    const b = await postAd(plain, doughAd)
    const doughs = v1TradeAdsResponseSchema.parse(
      await (await ok('/api/v1/trade-ads?game=blox-fruits&has=dough')).json(),
    )
    expect(doughs.ads.map((ad) => ad.id)).toEqual(expect.arrayContaining([a, b]))
    expect(doughs.ads.every((ad) => ad.offering.some((s) => s.item === 'dough'))).toBe(true)
    const onlyVerified = v1TradeAdsResponseSchema.parse(
      await (await ok('/api/v1/trade-ads?has=dough&verified=1')).json(),
    )
    expect(onlyVerified.ads.map((ad) => ad.id)).toContain(a)
    expect(onlyVerified.ads.map((ad) => ad.id)).not.toContain(b)
    const wanted = v1TradeAdsResponseSchema.parse(
      await (await ok(`/api/v1/trade-ads?wants=west-dragon&user=${plain.username}`)).json(),
    )
    expect(wanted.ads.map((ad) => ad.id)).toEqual([b])
    const none = v1TradeAdsResponseSchema.parse(
      await (await ok(`/api/v1/trade-ads?wants=kitsune&user=${plain.username}`)).json(),
    )
    expect(none.ads).toEqual([])
    const far = v1TradeAdsResponseSchema.parse(await (await ok('/api/v1/trade-ads?page=500')).json())
    expect(far).toMatchObject({ ads: [], page: 500 })
  })

  it('shows a new ad at once, and never a hidden one', async () => {
    const owner = await trader()
    const list = async () =>
      v1TradeAdsResponseSchema
        .parse(await (await ok(`/api/v1/trade-ads?user=${owner.username}`)).json())
        .ads.map((a) => a.id)
    expect(await list()).toEqual([])
    const adId = await postAd(owner)
    expect(await list()).toEqual([adId])
    await hideAd(adId)
    expect(await list()).toEqual([])
    const gone = await errorOf(await get(`/api/v1/trade-ads/${adId}`))
    expect(gone).toMatchObject({ status: 404, message: TRADING_MESSAGES.adNotFound })
  })

  it('refuses bad filters with 400 and says which', async () => {
    const game = await errorOf(await get('/api/v1/trade-ads?game=no-such-game'))
    expect(game.status).toBe(400)
    expect(game.message).toContain('game must be one of')
    const page = await errorOf(await get('/api/v1/trade-ads?page=0'))
    expect(page).toMatchObject({ status: 400 })
    expect(page.message).toContain('page')
    expect((await get('/api/v1/trade-ads?has=Not%20An%20Id')).status).toBe(400)
    expect((await get('/api/v1/trade-ads?verified=yes')).status).toBe(400)
    expect((await get('/api/v1/trade-ads?nope=1')).status).toBe(400)
  })

  it('lets any site read, with the limit headers', async () => {
    const res = await get('/api/v1/trade-ads', { origin: 'https://bot.example' })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    expect(res.headers.get('ratelimit-remaining')).not.toBeNull()
  })
})

describe('GET /api/v1/trade-ads/:id', () => {
  it('answers an open ad', async () => {
    const owner = await trader()
    const adId = await postAd(owner)
    const res = await ok(`/api/v1/trade-ads/${adId}`)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const { ad } = v1TradeAdResponseSchema.parse(await res.json())
    expect(ad).toMatchObject({ id: adId, note: TRADE_AD.note, trader: { username: owner.username } })
    expect(JSON.stringify(ad)).not.toContain('email')
  })

  it('is a 404 once the ad is closed, and for an unknown ad; 400 for an id that is not one', async () => {
    const owner = await trader()
    const adId = await postAd(owner)
    const closed = await send(t, `/api/trade-ads/${adId}`, { method: 'DELETE', cookie: owner.cookie })
    expect(closed.status).toBe(200)
    expect(await errorOf(await get(`/api/v1/trade-ads/${adId}`))).toMatchObject({
      status: 404,
      message: TRADING_MESSAGES.adNotFound,
    })
    expect((await get('/api/v1/trade-ads/999999999')).status).toBe(404)
    const bad = await errorOf(await get('/api/v1/trade-ads/abc'))
    expect(bad.status).toBe(400)
    expect(bad.message).toContain('id must be a number')
  })
})

describe('GET /api/v1/traders/:username', () => {
  it('answers what the profile shows: joined, Roblox account, reputation, achievements, open ads', async () => {
    const { owner, offerer, offerId } = await tradeBetween(t, { complete: true })
    const review = await send(t, `/api/trade-offers/${offerId}/review`, {
      body: { rating: 5, comment: 'Smooth' },
      cookie: offerer.cookie,
    })
    expect(review.status, await review.clone().text()).toBe(201)
    const roblox = await verify(owner)
    await postAd(owner, { ...TRADE_AD, offering: [{ item: 'dough' }] })

    const res = await ok(`/api/v1/traders/${owner.username}`)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const profile = v1TraderResponseSchema.parse(await res.json())
    expect(profile).toMatchObject({
      username: owner.username,
      url: `${TEST_ORIGIN}/u/${owner.username}`,
      roblox: { name: roblox },
      reputation: { average: 5, count: 1, completedTrades: 1, partners: 1, positivePercent: 100 },
      openAds: {
        count: 1, // the traded ad is no longer open
        url: `${TEST_ORIGIN}/trading?user=${owner.username}`,
        api: `${TEST_ORIGIN}/api/v1/trade-ads?user=${owner.username}`,
      },
    })
    expect(Date.parse(profile.joinedAt)).not.toBeNaN()
    // Earned when the trade completed (Verified waits for verification's own event: see `verify`).
    expect(profile.achievements.map((a) => a.id)).toEqual(['first-trade'])
    // The same as the site's own profile reads.
    const site = await (await send(t, `/api/users/${owner.username}/reviews`)).json()
    expect(profile.reputation).toEqual(site.summary)

    const text = JSON.stringify(profile)
    expect(text).not.toContain('email')
    expect(text).not.toContain(owner.email)
    expect(text).not.toContain(owner.id)
  })

  it('writes nothing: reading a trader awards no achievement, even one that is due', async () => {
    const due = await trader()
    await verify(due) // Verified is due, but no event of verification ran
    const rows = async () => (await t.database.db.select({ n: count() }).from(userAchievements))[0]!.n
    const before = await rows()
    const profile = v1TraderResponseSchema.parse(await (await ok(`/api/v1/traders/${due.username}`)).json())
    expect(profile.achievements).toEqual([])
    expect(await rows()).toBe(before)
  })

  it('answers whenever the profile page does: a suspended trader included', async () => {
    const suspended = await signedInTrader(t, { suspended: true })
    expect((await send(t, `/api/users/${suspended.username}`)).status).toBe(200)
    const profile = v1TraderResponseSchema.parse(
      await (await ok(`/api/v1/traders/${suspended.username}`)).json(),
    )
    expect(profile).toMatchObject({ username: suspended.username, roblox: null })
  })

  it('is a 404 for a name nobody has (as the profile page), and 400 for one that is not a username', async () => {
    expect(await errorOf(await get('/api/v1/traders/nobody_has_this_name'))).toMatchObject({ status: 404 })
    const bad = await errorOf(await get('/api/v1/traders/not%20a%20name'))
    expect(bad.status).toBe(400)
    expect(bad.message).toContain('username')
    expect((await get(`/api/v1/traders/${'a'.repeat(200)}`)).status).toBe(400)
  })
})

describe('lists kept by the Node listener', () => {
  it('give way to a new ad at once', async () => {
    const node = await createTestApp({ sharedAnswers: true, env: { TRUST_PROXY: 'true' } })
    const server = await served(node)
    try {
      const owner = await signedInTrader(node)
      const headers = { 'x-forwarded-for': freshAddress() }
      const list = async () => {
        const res = await fetch(`${server.url}/api/v1/trade-ads?user=${owner.username}`, { headers })
        expect(res.status).toBe(200)
        expect(res.headers.get('access-control-allow-origin')).toBe('*')
        return v1TradeAdsResponseSchema.parse(await res.json()).ads.map((a) => a.id)
      }
      expect(await list()).toEqual([])
      expect(await list()).toEqual([]) // the listener's kept answer
      const adId = await created(node, '/api/trade-ads', owner.cookie, TRADE_AD)
      expect(await list()).toEqual([adId])
    } finally {
      await server.close()
      await node.close()
    }
  })
})

describe('the OpenAPI document', () => {
  it('lists the trading paths under the Trading tag and still validates', async () => {
    const doc = await (await ok('/api/v1/openapi.json')).json()
    for (const path of ['/api/v1/trade-ads', '/api/v1/trade-ads/{id}', '/api/v1/traders/{username}'])
      expect(doc.paths[path]?.get?.tags, path).toEqual(['Trading'])
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toContain('Trading')
    const names = doc.paths['/api/v1/trade-ads'].get.parameters.map((p: { name: string }) => p.name)
    expect(names).toEqual(expect.arrayContaining(['game', 'has', 'wants', 'verified', 'page']))
    const trader =
      doc.paths['/api/v1/traders/{username}'].get.responses['200'].content['application/json'].schema
    expect(Object.keys(trader.properties.reputation.properties)).toEqual(
      expect.arrayContaining(['average', 'count', 'completedTrades', 'partners']),
    )
    const result = await validate(structuredClone(doc))
    expect(result.valid, JSON.stringify(result)).toBe(true)
  })
})
