import { and, count, desc, eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ACHIEVEMENT_IDS,
  achievementsResponseSchema,
  REFERRAL_COOKIE,
  referralsResponseSchema,
  userAchievementsResponseSchema,
} from '@/features/achievements/contract'
import { referrals, userAchievements } from '@/features/achievements/tables'
import { launchSubscribers } from '@/features/launch-list/tables'
import { middlemanRequests } from '@/features/middlemen/tables'
import { notifications } from '@/features/notifications/server/public'
import { userRoles } from '@/features/roles/tables'
import { createdTokenResponseSchema } from '@/features/stock/contract'
import { stockReports } from '@/features/stock/tables'
import { tradeAdsResponseSchema } from '@/features/trading/contract'
import { tradeAds, tradeOffers } from '@/features/trading/tables'
import { tradeReviews } from '@/features/trust/tables'
import { robloxAccounts } from '@/features/verification/tables'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { cookiesOf, lastMailLink, meOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { heardWithTheCommit } from '@/test/cache-invalidation'
import { created, signedInTrader, TRADE_AD, type Trader, tradeBetween } from '@/test/trading'
import { ACHIEVEMENTS_CACHE_PREFIX, awardAchievements, awardEveryone, factsOf } from './award'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function achievementsOf(username: string) {
  const res = await send(t, `/api/users/${username}/achievements`)
  expect(res.status, await res.clone().text()).toBe(200)
  return userAchievementsResponseSchema.parse(await res.json()).achievements
}

async function holders(id: string) {
  const res = await send(t, '/api/achievements')
  expect(res.status).toBe(200)
  return achievementsResponseSchema.parse(await res.json()).achievements.find((a) => a.id === id)!.holders
}

/** A trade between two traders, completed by both. */
const trade = async (owner: Trader, offerer: Trader) =>
  (await tradeBetween(t, { owner, offerer, complete: true })).offerId

const achievementNotices = (userId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'achievement')))

describe('GET /api/achievements', () => {
  it('lists every achievement with its rule and holders, cached for everyone', async () => {
    const res = await send(t, '/api/achievements')
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toBeTruthy()
    const { achievements } = achievementsResponseSchema.parse(await res.json())
    expect(achievements.map((a) => a.id)).toEqual([...ACHIEVEMENT_IDS])
    expect(achievements.length).toBeGreaterThanOrEqual(11)
    for (const a of achievements) expect(a.rule.length).toBeGreaterThan(10)
  })
})

describe('earning', () => {
  it('a first completed trade earns First trade for both traders, once, with one notification', async () => {
    const [owner, offerer] = [await signedInTrader(t), await signedInTrader(t)]
    const before = await holders('first-trade')
    expect((await achievementsOf(owner.username)).map((a) => a.id)).not.toContain('first-trade')
    await trade(owner, offerer)
    for (const trader of [owner, offerer]) {
      const earned = await achievementsOf(trader.username)
      const first = earned.find((a) => a.id === 'first-trade')
      expect(first?.name).toBe('First trade')
      expect(Number.isNaN(Date.parse(first!.earnedAt))).toBe(false)
      expect((await achievementNotices(trader.id)).map((n) => n.title)).toEqual([
        'Achievement earned: First trade',
      ])
    }
    expect(await holders('first-trade')).toBe(before + 2)

    // A second trade earns nothing new: the row and the notification are written once.
    await trade(offerer, owner)
    expect((await achievementNotices(owner.id)).length).toBe(1)
    const rows = await t.database.db
      .select()
      .from(userAchievements)
      .where(and(eq(userAchievements.userId, owner.id), eq(userAchievements.achievementId, 'first-trade')))
    expect(rows.length).toBe(1)
  })

  it('shows the achievements beside the trader on their ads, in the same answer', async () => {
    const [owner, offerer] = [await signedInTrader(t), await signedInTrader(t)]
    await trade(owner, offerer)
    await created(t, '/api/trade-ads', owner.cookie, TRADE_AD)
    const res = await send(t, `/api/trade-ads?user=${owner.username}`)
    const { ads } = tradeAdsResponseSchema.parse(await res.json())
    expect(ads[0]!.owner.achievements).toEqual([{ id: 'first-trade', name: 'First trade', icon: '🤝' }])
  })

  it('keeps an achievement once earned, even when its facts change', async () => {
    const trader = await signedInTrader(t)
    const award = () => awardAchievements({ db: t.database.db, cache: t.cache }, [trader.id])
    await t.database.db
      .insert(robloxAccounts)
      .values({ userId: trader.id, robloxId: Date.now() % 1e9, name: 'kept', displayName: 'Kept' })
    await award()
    expect((await achievementsOf(trader.username)).map((a) => a.id)).toContain('verified')
    await t.database.db.delete(robloxAccounts).where(eq(robloxAccounts.userId, trader.id))
    await award()
    expect((await achievementsOf(trader.username)).map((a) => a.id)).toContain('verified')
  })

  it("tells the other instances of what was earned with the awarding's commit, and of nothing else", async () => {
    const trader = await signedInTrader(t)
    const award = () => awardAchievements({ db: t.database.db, cache: t.cache }, [trader.id])
    await t.database.db
      .insert(robloxAccounts)
      .values({ userId: trader.id, robloxId: (Date.now() + 7) % 1e9, name: 'told', displayName: 'Told' })
    expect(await heardWithTheCommit(t, award)).toEqual([ACHIEVEMENTS_CACHE_PREFIX])
    expect(await heardWithTheCommit(t, award)).toEqual([]) // nothing newly earned
  })

  it('the catch-up on start earns what no event did: OG member, Early adopter, Middleman', async () => {
    const trader = await signedInTrader(t)
    await t.database.db.insert(launchSubscribers).values({
      email: trader.email,
      verified: true,
      status: 'verified',
      unsubscribeTokenHash: `h-${trader.id}`,
    })
    await t.database.db
      .update(users)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(users.id, trader.id))
    await t.database.db.insert(middlemanRequests).values({
      offerId: await tradedOffer(),
      status: 'done',
      middlemanId: trader.id,
    })
    expect(await achievementsOf(trader.username)).toEqual([]) // a read awards nothing
    await awardEveryone({ database: t.database, cache: t.cache })
    expect(await heldBy(trader.id)).toEqual(['early-adopter', 'middleman', 'og-member'])
  })

  it('refuses a malformed username (400) and answers 404 for an unknown trader', async () => {
    expect((await send(t, '/api/users/Not%20A%20Name!/achievements')).status).toBe(400)
    expect((await send(t, '/api/users/nobody_here_at_all/achievements')).status).toBe(404)
  })
})

/** What the trader holds, read from the table. */
const heldBy = async (userId: string) =>
  (
    await t.database.db
      .select({ id: userAchievements.achievementId })
      .from(userAchievements)
      .where(eq(userAchievements.userId, userId))
  )
    .map((r) => r.id)
    .sort()

/** How far back the next past trade or review is written: each 8 days before the one written before. */
let daysBack = 0
const pastDay = () => new Date(Date.now() - ++daysBack * 8 * 24 * 60 * 60 * 1000)

/**
 * `n` trades `trader` completed in the past with `partner`, written straight to the trade tables, 8
 * days apart and counted (as completeOffer marks them): on ads of `trader` (`as: 'owner'`) or offers of
 * theirs on the partner's ads (`as: 'offerer'`). Each ad also has a declined offer of the partner, which
 * counts for nothing. No event runs: nothing is awarded. The completed offers' ids.
 */
async function pastTrades(trader: Trader, partner: Trader, n: number, as: 'owner' | 'offerer') {
  const { db } = t.database
  const days = Array.from({ length: n }, pastDay)
  const [owner, offerer] = as === 'owner' ? [trader, partner] : [partner, trader]
  const ads = await db
    .insert(tradeAds)
    .values(
      days.map((done) => ({
        userId: owner.id,
        gameId: 'blox-fruits',
        status: 'traded' as const,
        hours: 24,
        signature: 'kitsune|west-dragon',
        listedAt: done,
        expiresAt: new Date(done.getTime() + 24 * 60 * 60 * 1000),
        closedAt: done,
      })),
    )
    .returning({ id: tradeAds.id })
  await db
    .insert(tradeOffers)
    .values(
      ads.map((ad) => ({ adId: ad.id, userId: offerer.id, status: 'declined' as const, asRequested: true })),
    )
  const offers = await db
    .insert(tradeOffers)
    .values(
      ads.map((ad, i) => ({
        adId: ad.id,
        userId: offerer.id,
        status: 'completed' as const,
        asRequested: true,
        decidedAt: days[i]!,
        acceptedAt: days[i]!,
        completedAt: days[i]!,
        counted: true,
      })),
    )
    .returning({ id: tradeOffers.id })
  return offers.map((o) => o.id)
}

/**
 * Reviews of `subject` with these ratings, on past trades with a fresh partner, written to the table
 * 8 days apart and counted (as postReview marks them).
 */
async function pastReviews(subject: Trader, ratings: number[], { hidden = 0 } = {}) {
  const partner = await signedInTrader(t)
  const offers = await pastTrades(subject, partner, ratings.length, 'owner')
  await t.database.db.insert(tradeReviews).values(
    ratings.map((rating, i) => ({
      offerId: offers[i]!,
      authorId: partner.id,
      subjectId: subject.id,
      rating,
      createdAt: pastDay(),
      counted: true,
      hiddenAt: i < hidden ? new Date() : null,
    })),
  )
}

/** A trade completed through the API, then `reviewer`'s review of `subject` through the API. */
async function reviewedTrade(subject: Trader, reviewer: Trader, rating: number) {
  const offerId = await trade(subject, reviewer)
  const res = await send(t, `/api/trade-offers/${offerId}/review`, {
    body: { rating },
    cookie: reviewer.cookie,
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

// node-postgres runs one query at a time per connection, and warns when asked for another meanwhile.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the facts within a transaction (PostgreSQL)', () => {
  it("are asked one query after another on the transaction's connection, and are the same", async () => {
    const [trader, partner] = [await signedInTrader(t), await signedInTrader(t)]
    await trade(trader, partner)
    const ids = [trader.id, partner.id]
    const query = pg.Client.prototype.query
    // Whether the connection already had a query waiting when asked (what node-postgres warns about).
    const whileBusy: boolean[] = []
    const asked = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      whileBusy.push((this as unknown as { _queryQueue: unknown[] })._queryQueue.length > 0)
      return Reflect.apply(query, this, args)
    })
    try {
      const inTransaction = await t.database.db.transaction((tx) => factsOf(tx as unknown as Db, ids))
      expect(whileBusy.length).toBeGreaterThanOrEqual(9)
      expect(whileBusy.filter(Boolean)).toEqual([])
      asked.mockRestore()
      expect(inTransaction).toEqual(await factsOf(t.database.db, ids))
    } finally {
      asked.mockRestore()
    }
  })
})

describe('earning from counts', () => {
  it('10 completed trades, as the ad owner or the offerer, earn 10 trades; 9 do not', async () => {
    const [trader, partner] = [await signedInTrader(t), await signedInTrader(t)]
    await pastTrades(trader, partner, 5, 'owner')
    await pastTrades(trader, partner, 4, 'offerer')
    // Another pair's trade and an offer still accepted count for nothing.
    await pastTrades(partner, await signedInTrader(t), 3, 'owner')
    const { offerId } = await tradeBetween(t, { owner: partner, offerer: trader })
    expect(offerId).toBeGreaterThan(0)
    expect(await heldBy(trader.id)).toEqual([]) // no event yet

    // The 10th, completed through the API, earns it at once, with its notification.
    await trade(trader, await signedInTrader(t))
    expect(await heldBy(trader.id)).toEqual(['first-trade', 'trades-10'])
    expect((await achievementNotices(trader.id)).map((n) => n.title)).toContain(
      'Achievement earned: 10 trades',
    )
    const facts = await factsOf(t.database.db, [trader.id, partner.id])
    expect(facts.get(trader.id)?.completedTrades).toBe(10)
    // The partner of the 9 (and of 3 others) has 12 completed trades.
    expect(facts.get(partner.id)?.completedTrades).toBe(12)
  })

  it('50 completed trades earn 50 trades and 100 earn 100 trades, on the trade that makes the count', async () => {
    const [trader, partner] = [await signedInTrader(t), await signedInTrader(t)]
    await pastTrades(trader, partner, 30, 'owner')
    await pastTrades(trader, partner, 19, 'offerer')
    await trade(await signedInTrader(t), trader)
    expect(await heldBy(trader.id)).toEqual(['first-trade', 'trades-10', 'trades-50'])

    await pastTrades(trader, partner, 49, 'owner')
    expect((await factsOf(t.database.db, [trader.id])).get(trader.id)?.completedTrades).toBe(99)
    await trade(trader, await signedInTrader(t))
    expect(await heldBy(trader.id)).toEqual(['first-trade', 'trades-10', 'trades-100', 'trades-50'])
  })

  it('10 visible reviews averaging 4.8 or more earn Five stars, on the review that makes them 10', async () => {
    const subject = await signedInTrader(t)
    await pastReviews(subject, [5, 5, 5, 5, 5, 5, 5, 4, 4])
    expect((await factsOf(t.database.db, [subject.id])).get(subject.id)?.reviews).toBe(9)
    await reviewedTrade(subject, await signedInTrader(t), 5) // 10, averaging 4.8
    expect(await heldBy(subject.id)).toContain('five-star')
    expect((await achievementNotices(subject.id)).map((n) => n.title)).toContain(
      'Achievement earned: Five stars',
    )
  })

  it('10 reviews averaging under 4.8, or 10 with one hidden, do not earn Five stars', async () => {
    const low = await signedInTrader(t)
    await pastReviews(low, [5, 5, 5, 5, 5, 5, 5, 4, 4])
    await reviewedTrade(low, await signedInTrader(t), 4) // 10, averaging 4.7
    expect(await heldBy(low.id)).not.toContain('five-star')
    expect((await achievementsOf(low.username)).map((a) => a.id)).not.toContain('five-star')

    // A review a moderator hid counts for nothing: 9 visible fives.
    const hidden = await signedInTrader(t)
    await pastReviews(hidden, [1, 5, 5, 5, 5, 5, 5, 5, 5], { hidden: 1 })
    await reviewedTrade(hidden, await signedInTrader(t), 5)
    expect(await heldBy(hidden.id)).not.toContain('five-star')
    // One more visible five makes 10.
    await reviewedTrade(hidden, await signedInTrader(t), 5)
    expect(await heldBy(hidden.id)).toContain('five-star')
  })

  it("a stock manager's report earns Stock reporter; a bot's report earns nobody anything", async () => {
    const manager = await signedInUser(t, freshEmail('stock-manager'), ['blox-fruits-stock-manager'])
    expect(await heldBy(manager.id)).toEqual([])
    const taken = await t.database.db
      .select({ items: stockReports.items })
      .from(stockReports)
      .where(and(eq(stockReports.gameId, 'blox-fruits'), eq(stockReports.shop, 'mirage')))
    const used = new Set(taken.flatMap((r) => r.items.map((i) => i.quantity)))
    const quantity = Array.from({ length: 999 }, (_, i) => i + 1).find((q) => !used.has(q))!
    const res = await send(t, '/api/stock/blox-fruits/reports', {
      body: { shop: 'mirage', items: [{ item: 'dough', quantity }] },
      cookie: manager.cookie,
    })
    expect(res.status, await res.clone().text()).toBe(201)
    expect(await heldBy(manager.id)).toEqual(['stock-reporter'])
    expect((await achievementNotices(manager.id)).map((n) => n.title)).toEqual([
      'Achievement earned: Stock reporter',
    ])

    // A bot's report, on a token another manager made, is nobody's: neither earns anything from it.
    const owner = await signedInTrader(t)
    await t.database.db.insert(userRoles).values({ userId: owner.id, role: 'blox-fruits-stock-manager' })
    const made = await send(t, '/api/stock/blox-fruits/tokens', {
      body: { name: 'dealer bot' },
      cookie: owner.cookie,
    })
    expect(made.status).toBe(201)
    const { token } = createdTokenResponseSchema.parse(await made.json())
    const byBot = await send(t, '/api/stock/blox-fruits/reports', {
      // Other stock than the manager's (the dealer has no quantities: another fruit makes it other).
      body: { shop: 'mirage', items: [{ item: 'dough' }, { item: 'spirit' }] },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(byBot.status, await byBot.clone().text()).toBe(201)
    expect(await heldBy(owner.id)).toEqual([])
    expect(await heldBy(manager.id)).toEqual(['stock-reporter'])
  })
})

describe('awarded when earned, never on a read', () => {
  it('reading achievements writes nothing: what is due waits for the event that earns it', async () => {
    const trader = await signedInTrader(t)
    await t.database.db
      .insert(robloxAccounts)
      .values({ userId: trader.id, robloxId: (Date.now() % 1e9) + 1, name: 'unread', displayName: 'Unread' })
    const rows = async () => (await t.database.db.select({ n: count() }).from(userAchievements))[0]!.n
    const before = await rows()
    expect(await achievementsOf(trader.username)).toEqual([])
    expect(await rows()).toBe(before)
    expect(await achievementNotices(trader.id)).toEqual([])
  })

  it('a middleman job closed as done earns Middleman at once; one closed as failed does not', async () => {
    const mm = await signedInTrader(t)
    await t.database.db.insert(userRoles).values({ userId: mm.id, role: 'middleman' })
    await t.database.db
      .insert(robloxAccounts)
      .values({ userId: mm.id, robloxId: (Date.now() % 1e9) + 2, name: 'holder', displayName: 'Holder' })
    const job = async (outcome: 'done' | 'failed') => {
      const { offerId, offerer } = await tradeBetween(t)
      const asked = await send(t, `/api/trade-offers/${offerId}/middleman`, {
        method: 'POST',
        cookie: offerer.cookie,
      })
      expect(asked.status, await asked.clone().text()).toBe(201)
      const { id } = (await asked.json()) as { id: number }
      const claimed = await send(t, `/api/middleman/requests/${id}/claim`, {
        method: 'POST',
        cookie: mm.cookie,
      })
      expect(claimed.status, await claimed.clone().text()).toBe(200)
      const closed = await send(t, `/api/middleman/requests/${id}/close`, {
        body: { outcome, note: 'Both sides traded in the game' },
        cookie: mm.cookie,
      })
      expect(closed.status, await closed.clone().text()).toBe(200)
    }
    await job('failed')
    expect(await heldBy(mm.id)).not.toContain('middleman')
    await job('done')
    expect(await heldBy(mm.id)).toContain('middleman')
    expect((await achievementNotices(mm.id)).map((n) => n.title)).toContain('Achievement earned: Middleman')
  })

  it('ten trades and ten reviews of one pair within a day earn First trade, not 10 trades or Five stars', async () => {
    const [a, b] = [await signedInTrader(t), await signedInTrader(t)]
    for (let i = 0; i < 10; i++) {
      const offerId = await trade(a, b)
      const res = await send(t, `/api/trade-offers/${offerId}/review`, {
        body: { rating: 5 },
        cookie: b.cookie,
      })
      expect(res.status, await res.clone().text()).toBe(201)
    }
    expect(await heldBy(a.id)).toEqual(['first-trade'])
    expect(await heldBy(b.id)).toEqual(['first-trade'])
  })

  it('OG member is earned when an account is made with a confirmed launch-list e-mail', async () => {
    const email = freshEmail('og')
    await t.database.db.insert(launchSubscribers).values({
      email,
      verified: true,
      status: 'verified',
      unsubscribeTokenHash: `h-${email}`,
    })
    const user = await signedInUser(t, email)
    expect(await heldBy(user.id)).toEqual(['og-member'])
  })

  it('OG member is earned when the launch list confirms the e-mail of an account', async () => {
    const user = await signedInUser(t, freshEmail('og-later'))
    const launchList = (path: string, body: unknown) => send(t, `/api/launch-list/${path}`, { body })
    expect((await launchList('subscribe', { email: user.email })).status).toBe(200)
    expect(await heldBy(user.id)).toEqual([])
    const [mail] = await t.database.db
      .select({ text: pendingEmails.textBody })
      .from(pendingEmails)
      .where(eq(pendingEmails.toEmail, user.email))
      .orderBy(desc(pendingEmails.id))
      .limit(1)
    const token = mail!.text!.match(/\/\?token=([A-Za-z0-9_-]{43})/)![1]!
    expect((await launchList('verify', { token })).status).toBe(200)
    expect(await heldBy(user.id)).toEqual(['og-member'])
  })
})

/** A completed offer of two fresh traders (for the rows that name one). */
async function tradedOffer(): Promise<number> {
  return trade(await signedInTrader(t), await signedInTrader(t))
}

describe('referral program', () => {
  it('records a sign-up through an invite link and counts it once the invited trader traded with someone else', async () => {
    const inviter = await signedInTrader(t)
    const link = await t.app.request(`/r/${inviter.username}`)
    expect(link.status).toBe(302)
    expect(link.headers.get('location')).toBe('/sign-in?view=sign-up')
    const ref = cookiesOf(link)
    expect(ref).toContain(`${REFERRAL_COOKIE}=${inviter.username}`)

    // The invited visitor signs up (by magic link) with the cookie the link left.
    const email = freshEmail('invited')
    const asked = await send(t, '/api/auth/sign-in/magic-link', {
      body: { email, callbackURL: '/' },
      headers: { cookie: ref },
    })
    expect(asked.ok).toBe(true)
    const mailed = new URL(await lastMailLink(t, email))
    const signedIn = await t.app.request(mailed.pathname + mailed.search, {
      headers: { origin: TEST_ORIGIN, cookie: ref },
    })
    const cookie = cookiesOf(signedIn)
    const mine = async () => {
      const res = await send(t, '/api/referrals/me', { cookie: inviter.cookie })
      expect(res.status).toBe(200)
      return referralsResponseSchema.parse(await res.json())
    }
    expect(await mine()).toEqual({ path: `/r/${inviter.username}`, joined: 0, pending: 1 })
    const username = `inv_${Date.now() % 1e6}`
    const named = await send(t, '/api/profile/username', { body: { username }, cookie })
    expect(named.status).toBe(200)
    const invited = { id: (await meOf(t, cookie)).id, email, cookie, username }
    // A username is not enough, nor a trade with the inviter: two accounts of one person would be.
    expect(await mine()).toEqual({ path: `/r/${inviter.username}`, joined: 0, pending: 1 })
    await trade(inviter, invited)
    expect(await mine()).toEqual({ path: `/r/${inviter.username}`, joined: 0, pending: 1 })
    expect(await heldBy(inviter.id)).not.toContain('recruiter')
    // A trade with someone else counts the invite: the inviter is a Recruiter at once.
    await trade(await signedInTrader(t), invited)
    expect(await mine()).toEqual({ path: `/r/${inviter.username}`, joined: 1, pending: 0 })
    expect(await heldBy(inviter.id)).toContain('recruiter')
    expect((await achievementNotices(inviter.id)).map((n) => n.title)).toContain(
      'Achievement earned: Recruiter',
    )
  })

  it('records nothing for an unknown inviter, and nobody refers themself', async () => {
    const res = await t.app.request('/r/nobody_invites_here')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/referral-program')
    expect(cookiesOf(res)).toBe('')
    expect((await t.app.request('/r/Bad%20Name')).status).toBe(400)
    const rows = await t.database.db.select().from(referrals)
    expect(rows.every((r) => r.referrerId !== r.referredId)).toBe(true)
  })

  it('shows my link to me only: a visitor gets 401', async () => {
    expect((await send(t, '/api/referrals/me')).status).toBe(401)
    const trader = await signedInTrader(t, { username: false })
    const res = await send(t, '/api/referrals/me', { cookie: trader.cookie })
    expect(referralsResponseSchema.parse(await res.json())).toEqual({ path: null, joined: 0, pending: 0 })
  })
})
