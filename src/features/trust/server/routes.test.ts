import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { blocksResponseSchema } from '@/features/accounts/contract'
import { BLOCK_MESSAGES } from '@/features/accounts/rules'
import { notifications } from '@/features/notifications/server/public'
import { auditLog, userSuspensions } from '@/features/roles/tables'
import {
  myTradesResponseSchema,
  TRADING_MESSAGES,
  type TradeAdRequest,
  tradeAdResponseSchema,
  tradeAdsResponseSchema,
  tradeMessagesResponseSchema,
  tradeOffersResponseSchema,
} from '@/features/trading/contract'
import { tradeMessages } from '@/features/trading/tables'
import {
  reportsResponseSchema,
  reviewSchema,
  reviewsResponseSchema,
  TRUST_MESSAGES,
  trustFiguresSchema,
} from '@/features/trust/contract'
import { valueSuggestions } from '@/features/value-ops/tables'
import { robloxAccounts } from '@/features/verification/tables'
import { users } from '@/platform/server/auth/tables'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const DAY = 24 * 60 * 60 * 1000

let t: TestApp
/** The server's clock runs this far ahead of the real one (the review window); reset after each test. */
let ahead = 0
let names = 0

beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date(Date.now() + ahead),
    limits: { trust: { reportsPerHour: { max: 4, windowSeconds: 3600 } } },
  })
})
afterAll(() => t.close())
afterEach(() => {
  ahead = 0
})

type Trader = { id: string; email: string; cookie: string; username: string }

/** A signed-in trader with a username (an account `ageDays` old: 0 is a new account). */
async function trader(ageDays = 10): Promise<Trader> {
  const user = await signedInUser(t, freshEmail('trust'))
  const username = `tt${process.pid % 1000}_${++names}_${Date.now() % 100_000}`
  const res = await send(t, '/api/profile/username', { body: { username }, cookie: user.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  if (ageDays > 0)
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - ageDays * DAY) })
      .where(eq(users.id, user.id))
  return { ...user, username }
}

async function moderator(): Promise<Trader> {
  const admin = await signedInUser(t, freshEmail('admin'), ['admin'])
  const mod = await trader()
  const res = await send(t, '/api/admin/roles', {
    body: { email: mod.email, role: 'moderator' },
    cookie: admin.cookie,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return mod
}

const AD: TradeAdRequest = {
  game: 'blox-fruits',
  offering: [{ item: 'kitsune' }],
  requesting: [{ item: 'west-dragon' }],
  note: 'Quick trade',
}

async function adOf(owner: Trader, body: TradeAdRequest = AD): Promise<number> {
  const res = await send(t, '/api/trade-ads', { body, cookie: owner.cookie })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

const offer = (adId: number, by: Trader) =>
  send(t, `/api/trade-ads/${adId}/offers`, { body: {}, cookie: by.cookie })

async function offerOf(adId: number, by: Trader): Promise<number> {
  const res = await offer(adId, by)
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

const act = (offerId: number, what: string, by: Trader) =>
  send(t, `/api/trade-offers/${offerId}/${what}`, { method: 'POST', cookie: by.cookie })

/** An offer of `offerer` on an ad of `owner`, accepted (and completed by both unless `complete: false`). */
async function trade(owner: Trader, offerer: Trader, { complete = true } = {}) {
  const adId = await adOf(owner)
  const offerId = await offerOf(adId, offerer)
  expect((await act(offerId, 'accept', owner)).status).toBe(200)
  if (complete) {
    expect((await act(offerId, 'complete', owner)).status).toBe(200)
    expect((await act(offerId, 'complete', offerer)).status).toBe(200)
  }
  return { adId, offerId }
}

const review = (offerId: number, by: Trader | undefined, body: unknown) =>
  send(t, `/api/trade-offers/${offerId}/review`, { body, cookie: by?.cookie })

async function reviewed(offerId: number, by: Trader, rating: number, comment?: string) {
  const res = await review(offerId, by, { rating, comment })
  expect(res.status, await res.clone().text()).toBe(201)
  return reviewSchema.parse(await res.json())
}

async function reviewsOf(username: string, page = 1) {
  const res = await send(t, `/api/users/${username}/reviews?page=${page}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return reviewsResponseSchema.parse(await res.json())
}

const block = (by: Trader | undefined, username: string, method = 'PUT') =>
  send(t, `/api/blocks/${username}`, { method, cookie: by?.cookie })

async function adsOf(username: string, cookie?: string) {
  const res = await send(t, `/api/trade-ads?user=${username}`, { cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return {
    list: tradeAdsResponseSchema.parse(await res.json()),
    cacheControl: res.headers.get('cache-control'),
  }
}

const report = (by: Trader | undefined, body: unknown) =>
  send(t, '/api/reports', { body, cookie: by?.cookie })

async function reportOf(by: Trader, kind: string, id: number | string, reason = 'scam') {
  const res = await report(by, { target: { kind, id }, reason, details: 'Asked me to give first' })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

const resolve = (id: number, by: Trader | undefined, body: unknown) =>
  send(t, `/api/admin/reports/${id}/resolve`, { body, cookie: by?.cookie })

async function queue(by: Trader, status = 'open') {
  const res = await send(t, `/api/admin/reports?status=${status}`, { cookie: by.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return reportsResponseSchema.parse(await res.json()).reports
}

describe('blocks', () => {
  it('blocks and unblocks by username; the list shows whom I blocked', async () => {
    const me = await trader()
    const other = await trader()
    expect((await block(me, other.username)).status).toBe(204)
    expect((await block(me, other.username)).status).toBe(204) // again: nothing changes
    const res = await send(t, '/api/blocks', { cookie: me.cookie })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const { blocks } = blocksResponseSchema.parse(await res.json())
    expect(blocks.map((b) => b.username)).toEqual([other.username])
    expect((await block(me, other.username, 'DELETE')).status).toBe(204)
    expect(await errorOf(await block(me, other.username, 'DELETE'))).toMatchObject({
      status: 404,
      message: BLOCK_MESSAGES.notBlocked,
    })
    expect(
      blocksResponseSchema.parse(await (await send(t, '/api/blocks', { cookie: me.cookie })).json()).blocks,
    ).toEqual([])
  })

  it('refuses a visitor (401), oneself (400), nobody (404) and a bad username (400)', async () => {
    const me = await trader()
    expect((await errorOf(await block(undefined, me.username))).status).toBe(401)
    expect((await errorOf(await send(t, '/api/blocks'))).status).toBe(401)
    expect(await errorOf(await block(me, me.username))).toMatchObject({
      status: 400,
      message: BLOCK_MESSAGES.blockSelf,
    })
    expect((await errorOf(await block(me, 'nobody_has_this_name'))).status).toBe(404)
    expect((await errorOf(await block(me, 'bad-name!'))).status).toBe(400)
  })

  it('stops offers (403) and messages (403) between the two, either way', async () => {
    const owner = await trader()
    const other = await trader()
    const adId = await adOf(owner)
    const offerId = await offerOf(adId, other)
    expect((await block(owner, other.username)).status).toBe(204)
    expect(await errorOf(await offer(await adOf(owner, { ...AD, tags: ['adds'] }), other))).toMatchObject({
      status: 403,
      message: BLOCK_MESSAGES.blocked,
    })
    const write = (by: Trader) =>
      send(t, `/api/trade-offers/${offerId}/messages`, { body: { body: 'hello?' }, cookie: by.cookie })
    expect((await errorOf(await write(other))).status).toBe(403)
    expect((await errorOf(await write(owner))).status).toBe(403)
    // The blocker cannot offer on the blocked trader's ads either.
    expect((await errorOf(await offer(await adOf(other), owner))).status).toBe(403)
    // Unblocked: they may talk again.
    expect((await block(owner, other.username, 'DELETE')).status).toBe(204)
    expect((await write(other)).status).toBe(201)
  })

  it("hides the blocked trader's ads from the blocker only, and keeps the list public for everyone else", async () => {
    const blocker = await trader()
    const blocked = await trader()
    const bystander = await trader()
    await adOf(blocked)
    expect((await block(blocker, blocked.username)).status).toBe(204)
    const visitor = await adsOf(blocked.username)
    expect(visitor.list.ads).toHaveLength(1)
    expect(visitor.cacheControl).toBe('public, no-cache')
    const seen = await adsOf(blocked.username, bystander.cookie)
    expect(seen.list.ads).toHaveLength(1)
    expect(seen.cacheControl).toBe('public, no-cache')
    const filtered = await adsOf(blocked.username, blocker.cookie)
    expect(filtered.list.ads).toEqual([])
    expect(filtered.cacheControl).toBe('private, no-store')
    // The whole list too (any game, any page): none of theirs.
    const all = tradeAdsResponseSchema.parse(
      await (await send(t, '/api/trade-ads', { cookie: blocker.cookie })).json(),
    )
    expect(all.ads.some((ad) => ad.owner.username === blocked.username)).toBe(false)
  })
})

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

    ahead = 14 * DAY + 60_000
    expect(await errorOf(await review(offerId, owner, { rating: 5 }))).toMatchObject({
      status: 409,
      message: TRUST_MESSAGES.reviewTooLate,
    })
    ahead = 13 * DAY
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

describe('the Verified badge on ads', () => {
  it('shows the Roblox name on the owner of an ad, and "verified only" keeps verified traders', async () => {
    const verified = await trader()
    const plain = await trader()
    await t.database.db.insert(robloxAccounts).values({
      userId: verified.id,
      robloxId: 7_000_000 + names,
      name: 'FoxTrader',
      displayName: 'Fox',
      avatarUrl: null,
    })
    const ours = new Set([verified.username, plain.username])
    await adOf(verified)
    await adOf(plain)
    const all = tradeAdsResponseSchema.parse(await (await send(t, '/api/trade-ads')).json()).ads
    const mine = all.filter((ad) => ours.has(ad.owner.username))
    expect(mine.find((ad) => ad.owner.username === verified.username)?.owner.roblox).toEqual({
      name: 'FoxTrader',
      displayName: 'Fox',
      avatarUrl: null,
    })
    expect(mine.find((ad) => ad.owner.username === plain.username)?.owner.roblox).toBeNull()
    const only = tradeAdsResponseSchema.parse(await (await send(t, '/api/trade-ads?verified=1')).json()).ads
    expect(only.some((ad) => ad.owner.username === verified.username)).toBe(true)
    expect(only.every((ad) => ad.owner.roblox !== null)).toBe(true)
    expect((await errorOf(await send(t, '/api/trade-ads?verified=yes'))).status).toBe(400)
  })
})

describe('reports', () => {
  it('files a report of an ad (201); the same twice 409; the moderators see it with the content and author', async () => {
    const owner = await trader()
    const reporter = await trader()
    const adId = await adOf(owner, { ...AD, note: 'Give first and I add' })
    const id = await reportOf(reporter, 'ad', adId)
    expect(
      await errorOf(await report(reporter, { target: { kind: 'ad', id: adId }, reason: 'spam' })),
    ).toMatchObject({ status: 409, message: TRUST_MESSAGES.reportExists })
    const mod = await moderator()
    const found = (await queue(mod)).find((r) => r.id === id)
    expect(found).toMatchObject({
      target: { kind: 'ad', id: String(adId) },
      reason: 'scam',
      details: 'Asked me to give first',
      reporter: { username: reporter.username },
      status: 'open',
      content: {
        text: expect.stringMatching(/^Has: .+\. Wants: .+\. Note: Give first and I add$/),
        link: `/trading/ad/${adId}`,
        hidden: false,
      },
      author: { id: owner.id, username: owner.username },
      resolution: null,
    })
    // A second report about the same author shows the first as earlier.
    const other = await trader()
    const second = await reportOf(other, 'user', owner.username, 'impersonation')
    const again = (await queue(mod)).find((r) => r.id === second)
    expect(again?.earlierReports.map((e) => e.id)).toContain(id)
  })

  it('refuses a visitor (401), bad bodies (400), unknown targets (404), oneself (400) and too many (429)', async () => {
    const me = await trader()
    expect(
      (await errorOf(await report(undefined, { target: { kind: 'ad', id: 1 }, reason: 'scam' }))).status,
    ).toBe(401)
    const bad: unknown[] = [
      { target: { kind: 'item', id: 1 }, reason: 'scam' },
      { target: { kind: 'ad', id: 1 }, reason: 'mean' },
      { target: { kind: 'ad' }, reason: 'scam' },
      { target: { kind: 'ad', id: -1 }, reason: 'scam' },
      { target: { kind: 'ad', id: 1 }, reason: 'scam', details: 'x'.repeat(1001) },
      { target: { kind: 'user', id: 12 }, reason: 'scam' },
      { target: { kind: 'ad', id: 'abc' }, reason: 'scam' },
      { target: { kind: 'ad', id: 1 }, reason: 'scam', extra: 1 },
    ]
    for (const body of bad)
      expect((await errorOf(await report(me, body))).status, JSON.stringify(body)).toBe(400)
    expect(
      await errorOf(await report(me, { target: { kind: 'ad', id: 999_999_999 }, reason: 'scam' })),
    ).toMatchObject({
      status: 404,
      message: TRUST_MESSAGES.reportTargetNotFound,
    })
    expect(
      (await errorOf(await report(me, { target: { kind: 'user', id: 'nobody_at_all' }, reason: 'scam' })))
        .status,
    ).toBe(404)
    expect(
      await errorOf(await report(me, { target: { kind: 'user', id: me.username }, reason: 'scam' })),
    ).toMatchObject({
      status: 400,
      message: TRUST_MESSAGES.reportSelf,
    })
    // The limit (4 an hour here) counts every report filed.
    const limited = await trader()
    const targets = await Promise.all([trader(), trader(), trader(), trader(), trader()])
    for (const target of targets.slice(0, 4)) await reportOf(limited, 'user', target.username)
    const res = await report(limited, { target: { kind: 'user', id: targets[4]!.username }, reason: 'spam' })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it("lets only the conversation's traders report a message", async () => {
    const owner = await trader()
    const offerer = await trader()
    const adId = await adOf(owner)
    const offerId = await offerOf(adId, offerer)
    const res = await send(t, `/api/trade-offers/${offerId}/messages`, {
      body: { body: 'Give first pls' },
      cookie: offerer.cookie,
    })
    const { id } = (await res.json()) as { id: number }
    expect(
      (await errorOf(await report(await trader(), { target: { kind: 'message', id }, reason: 'scam' })))
        .status,
    ).toBe(404)
    expect(
      (await errorOf(await report(offerer, { target: { kind: 'message', id }, reason: 'scam' }))).status,
    ).toBe(400)
    const reportId = await reportOf(owner, 'message', id)
    const mod = await moderator()
    expect((await resolve(reportId, mod, { action: 'hide', note: 'Give-first scam' })).status).toBe(200)
    const messages = tradeMessagesResponseSchema.parse(
      await (await send(t, `/api/trade-offers/${offerId}/messages`, { cookie: owner.cookie })).json(),
    ).messages
    expect(messages.map((m) => m.id)).not.toContain(id)
    const [row] = await t.database.db.select().from(tradeMessages).where(eq(tradeMessages.id, id))
    expect(row?.hiddenAt).not.toBeNull()
  })
})

describe('the moderators queue', () => {
  it('is for moderators and admins only: visitor 401, trader 403', async () => {
    const plain = await trader()
    expect((await errorOf(await send(t, '/api/admin/reports'))).status).toBe(401)
    expect((await errorOf(await send(t, '/api/admin/reports', { cookie: plain.cookie }))).status).toBe(403)
    expect((await errorOf(await resolve(1, plain, { action: 'dismiss' }))).status).toBe(403)
    const admin = await signedInUser(t, freshEmail('admin'), ['admin'])
    expect((await send(t, '/api/admin/reports', { cookie: admin.cookie })).status).toBe(200)
    const mod = await moderator()
    expect((await send(t, '/api/admin/reports?status=resolved', { cookie: mod.cookie })).status).toBe(200)
    expect(
      (await errorOf(await send(t, '/api/admin/reports?status=closed', { cookie: mod.cookie }))).status,
    ).toBe(400)
    // /api/me says so, and granting twice is the roles' 409.
    const me = (await (await send(t, '/api/me', { cookie: mod.cookie })).json()) as {
      user: { isModerator: boolean }
    }
    expect(me.user.isModerator).toBe(true)
    const res = await send(t, '/api/admin/roles', {
      body: { email: mod.email, role: 'moderator' },
      cookie: admin.cookie,
    })
    expect(await errorOf(res)).toMatchObject({
      status: 409,
      message: `User ${mod.email} is already a moderator`,
    })
  })

  it('hides a reported ad: out of the list, 404 to everyone, not relistable; logged in the audit', async () => {
    const owner = await trader()
    const adId = await adOf(owner)
    const reportId = await reportOf(await trader(), 'ad', adId)
    const also = await reportOf(await trader(), 'ad', adId, 'spam')
    const mod = await moderator()
    const res = await resolve(reportId, mod, { action: 'hide', note: 'Scam ad' })
    expect(res.status, await res.clone().text()).toBe(200)
    expect((await adsOf(owner.username)).list.ads).toEqual([])
    expect((await errorOf(await send(t, `/api/trade-ads/${adId}`))).status).toBe(404)
    expect((await errorOf(await send(t, `/api/trade-ads/${adId}`, { cookie: owner.cookie }))).status).toBe(
      404,
    )
    expect(
      (
        await errorOf(
          await send(t, `/api/trade-ads/${adId}/relist`, { method: 'POST', cookie: owner.cookie }),
        )
      ).status,
    ).toBe(409)
    // Both reports of the ad are resolved; resolving again is a 409.
    const resolved = await queue(mod, 'resolved')
    expect(resolved.find((r) => r.id === also)?.resolution).toMatchObject({ action: 'hide', note: 'Scam ad' })
    expect(await errorOf(await resolve(reportId, mod, { action: 'dismiss' }))).toMatchObject({
      status: 409,
      message: TRUST_MESSAGES.reportResolved,
    })
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'report.resolve'))
    expect(entries.find((e) => e.detail.report === reportId)).toMatchObject({
      actorId: mod.id,
      targetUserId: owner.id,
      detail: { action: 'hide', kind: 'ad', targetId: String(adId) },
    })
  })

  it('hides a review: gone from the profile and the average', async () => {
    const owner = await trader()
    const offerer = await trader()
    const { offerId } = await trade(owner, offerer)
    const bad = await reviewed(offerId, owner, 1, 'rude words')
    const reportId = await reportOf(offerer, 'review', bad.id, 'harassment')
    expect((await resolve(reportId, await moderator(), { action: 'hide' })).status).toBe(200)
    const { summary, reviews } = await reviewsOf(offerer.username)
    expect(reviews).toEqual([])
    expect(summary.average).toBeNull()
  })

  it('hides a suggestion by rejecting it', async () => {
    const author = await trader()
    const [row] = await t.database.db
      .insert(valueSuggestions)
      .values({
        gameId: 'blox-fruits',
        itemId: 'kitsune',
        userId: author.id,
        value: 1,
        reason: 'buy my stuff at example.com',
      })
      .returning()
    const reportId = await reportOf(await trader(), 'suggestion', row!.id, 'spam')
    expect((await resolve(reportId, await moderator(), { action: 'hide', note: 'Spam' })).status).toBe(200)
    const [after] = await t.database.db
      .select()
      .from(valueSuggestions)
      .where(eq(valueSuggestions.id, row!.id))
    expect(after).toMatchObject({ status: 'rejected', note: 'Spam' })
  })

  it('warns the author with a notification, and suspends with the existing suspension', async () => {
    const author = await trader()
    const mod = await moderator()
    const warned = await reportOf(await trader(), 'user', author.username, 'harassment')
    expect((await resolve(warned, mod, { action: 'warn', note: 'Be kind in messages' })).status).toBe(200)
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.kind, 'moderation-warning')))
    expect(notice).toMatchObject({ title: 'A warning from the moderators', body: 'Be kind in messages' })

    expect(
      await errorOf(
        await resolve(await reportOf(await trader(), 'user', author.username), mod, { action: 'hide' }),
      ),
    ).toMatchObject({
      status: 400,
      message: TRUST_MESSAGES.cannotHideUser,
    })
    const suspended = await reportOf(await trader(), 'user', author.username, 'scam')
    expect((await resolve(suspended, mod, { action: 'suspend', note: 'Scams' })).status).toBe(200)
    const [row] = await t.database.db
      .select()
      .from(userSuspensions)
      .where(eq(userSuspensions.userId, author.id))
    expect(row?.reason).toBe('Scams')
    expect(await (await send(t, '/api/me', { cookie: author.cookie })).json()).toEqual({ user: null })
    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.targetUserId, author.id))
    ).map((e) => e.action)
    expect(actions).toEqual(expect.arrayContaining(['report.resolve', 'user.suspend']))
  })

  it('refuses bad resolutions (400) and unknown reports (404)', async () => {
    const mod = await moderator()
    const id = await reportOf(await trader(), 'user', (await trader()).username)
    for (const body of [
      {},
      { action: 'ban' },
      { action: 'dismiss', note: 'x'.repeat(1001) },
      { action: 'dismiss', x: 1 },
    ])
      expect((await errorOf(await resolve(id, mod, body))).status, JSON.stringify(body)).toBe(400)
    expect((await errorOf(await resolve(999_999_999, mod, { action: 'dismiss' }))).status).toBe(404)
    expect((await errorOf(await resolve(0, mod, { action: 'dismiss' }))).status).toBe(400)
    expect((await resolve(id, mod, { action: 'dismiss' })).status).toBe(200)
  })
})

describe('GET /api/trust/figures', () => {
  it('answers public, cached figures: reports handled in 30 days, the median time, verified traders', async () => {
    const res = await send(t, '/api/trust/figures')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('public')
    const figures = trustFiguresSchema.parse(await res.json())
    expect(figures.days).toBe(30)
    const mod = await moderator()
    const id = await reportOf(await trader(), 'user', (await trader()).username)
    expect((await resolve(id, mod, { action: 'dismiss' })).status).toBe(200)
    const after = trustFiguresSchema.parse(await (await send(t, '/api/trust/figures')).json())
    expect(after.reportsHandled).toBe(figures.reportsHandled + 1)
    expect(after.medianHoursToHandle).not.toBeNull()
    expect(after.verifiedTraders).toBeGreaterThanOrEqual(0)
  })
})
