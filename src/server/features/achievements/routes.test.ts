import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  launchSubscribers,
  middlemanRequests,
  notifications,
  referrals,
  robloxAccounts,
  userAchievements,
  users,
} from '@/server/db/schema'
import {
  ACHIEVEMENT_IDS,
  achievementsResponseSchema,
  REFERRAL_COOKIE,
  referralsResponseSchema,
  userAchievementsResponseSchema,
} from '@/shared/achievements'
import { tradeAdsResponseSchema } from '@/shared/trading'
import { cookiesOf, lastMailLink, send } from '@/test/accounts'
import { freshEmail } from '@/test/alert-delivery'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { created, signedInTrader, TRADE_AD, type Trader, tradeBetween } from '@/test/trading'

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
    await t.database.db
      .insert(robloxAccounts)
      .values({ userId: trader.id, robloxId: Date.now() % 1e9, name: 'kept', displayName: 'Kept' })
    expect((await achievementsOf(trader.username)).map((a) => a.id)).toContain('verified')
    await t.database.db.delete(robloxAccounts).where(eq(robloxAccounts.userId, trader.id))
    expect((await achievementsOf(trader.username)).map((a) => a.id)).toContain('verified')
  })

  it('earns OG member, Early adopter and Middleman from the data on a read of the profile', async () => {
    const trader = await signedInTrader(t)
    expect(await achievementsOf(trader.username)).toEqual([])
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
    const ids = (await achievementsOf(trader.username)).map((a) => a.id)
    expect(ids.sort()).toEqual(['early-adopter', 'middleman', 'og-member'])
  })

  it('refuses a malformed username (400) and answers 404 for an unknown trader', async () => {
    expect((await send(t, '/api/users/Not%20A%20Name!/achievements')).status).toBe(400)
    expect((await send(t, '/api/users/nobody_here_at_all/achievements')).status).toBe(404)
  })
})

/** A completed offer of two fresh traders (for the rows that name one). */
async function tradedOffer(): Promise<number> {
  return trade(await signedInTrader(t), await signedInTrader(t))
}

describe('referral program', () => {
  it('records a sign-up through an invite link and counts it once the username is chosen', async () => {
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
    const named = await send(t, '/api/profile/username', {
      body: { username: `inv_${Date.now() % 1e6}` },
      cookie,
    })
    expect(named.status).toBe(200)
    expect(await mine()).toEqual({ path: `/r/${inviter.username}`, joined: 1, pending: 0 })
    expect((await achievementsOf(inviter.username)).map((a) => a.id)).toContain('recruiter')
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
