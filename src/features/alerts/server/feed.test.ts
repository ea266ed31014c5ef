import { and, count, desc, eq, gt, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type FeedItem, type FeedResponse, feedResponseSchema } from '@/features/alerts/contract'
import { watches } from '@/features/alerts/tables'
import { changeItemValue, findItems } from '@/features/catalog/server/public'
import { itemValueChanges } from '@/features/catalog/tables'
import { itemFavorites } from '@/features/favorites/tables'
import { userRoles } from '@/features/roles/tables'
import { type StockReportResult, type StockResponse, windowAt } from '@/features/stock/contract'
import { stockReports } from '@/features/stock/tables'
import { users } from '@/platform/server/auth/tables'
import { createLogger } from '@/platform/server/lib/logger'
import { formatValue } from '@/shared/format-value'
import { createMagicLinkUser, createUserWithUsername, lastMail, meOf, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { FEED_CACHE_KEY, feedAnswer, inStockAt, stockCandidates } from './feed'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let t: TestApp
let n = 0
const logger = createLogger('silent')

async function feed(app = t): Promise<FeedResponse> {
  const res = await send(app, '/api/feed')
  expect(res.status).toBe(200)
  return feedResponseSchema.parse(await res.json())
}

const ofType = (answer: FeedResponse, type: FeedItem['type']) => answer.items.filter((i) => i.type === type)

/** The feed reads its counts again once FEED_CACHE_MS has passed: this stands for that time. */
const timePasses = () => t.cache.invalidate(FEED_CACHE_KEY)

/** A signed-in user of a fresh address, with these roles. */
async function userWith(roles: string[] = [], username?: string) {
  const email = `feed-user-${++n}@example.com`
  const { cookie } = username
    ? await createUserWithUsername(t, email, username, { magicLink: true })
    : await createMagicLinkUser(t, email)
  const me = await meOf(t, cookie)
  if (roles.length)
    await t.database.db.insert(userRoles).values(roles.map((role) => ({ userId: me.id, role })))
  return { email, cookie, id: me.id, username }
}

async function report(game: string, cookie: string, body: unknown): Promise<StockReportResult> {
  const res = await send(t, `/api/stock/${game}/reports`, { body, cookie })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as StockReportResult
}

/**
 * The Seed Shop restocks every 5 minutes: a report made in the last seconds of a window would leave
 * the stock while the test reads it. Near the end, this waits for the restock (the next window).
 */
async function wellInsideSeedWindow() {
  const { end } = windowAt({ periodSeconds: 300, offsetSeconds: 0 }, Date.now())
  if (end - Date.now() > 30_000) return
  await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(end), { timeout: 40_000, interval: 250 })
}

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
afterEach(() => {
  expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
})

describe('GET /api/feed', () => {
  it('a fresh site has no candidate: public, fresh for a minute, with an ETag (304 when unchanged)', async () => {
    const fresh = await createTestApp()
    try {
      const res = await send(fresh, '/api/feed')
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=60')
      expect(res.headers.get('vary')).toContain('Cookie')
      const etag = res.headers.get('etag')
      expect(etag).toMatch(/^".+"$/)
      const answer = feedResponseSchema.parse(await res.json())
      expect(answer.items).toEqual([])
      expect(Math.abs(Date.parse(answer.generatedAt) - Date.now())).toBeLessThan(60_000)
      const again = await send(fresh, '/api/feed', { headers: { 'if-none-match': etag! } })
      expect(again.status).toBe(304)
    } finally {
      await fresh.close()
    }
  })

  it('a value that went down is a price drop (at once); a rise, or a drop of 8 days ago, is not', async () => {
    const catalog = { db: t.database.db, cache: t.cache }
    const before = await feed() // cached now: the drop must still show at once
    expect(ofType(before, 'price-drop')).toEqual([])
    const found = await findItems(catalog, 'blox-fruits', ['kitsune', 'yeti', 'gas'])
    const worth = (id: string) => found.get(id)?.value as number
    const old = { kitsune: worth('kitsune'), yeti: worth('yeti'), gas: worth('gas') }
    const change = (itemId: string, value: number) =>
      changeItemValue(catalog, { gameId: 'blox-fruits', itemId, value, changedBy: null, source: 'test' })

    await change('gas', old.gas / 2)
    // Gas dropped 8 days ago: too old for the feed.
    await t.database.db
      .update(itemValueChanges)
      .set({ changedAt: sql`now() - interval '8 days'` })
      .where(eq(itemValueChanges.itemId, 'gas'))
    await change('yeti', old.yeti * 2)
    await change('kitsune', old.kitsune - 40_000_000)
    const [row] = await t.database.db
      .select()
      .from(itemValueChanges)
      .where(eq(itemValueChanges.itemId, 'kitsune'))
      .orderBy(desc(itemValueChanges.id))
      .limit(1)

    const drops = ofType(await feed(), 'price-drop')
    expect(drops).toEqual([
      {
        type: 'price-drop',
        title: 'Kitsune dropped in value',
        description: `${formatValue(old.kitsune)} → ${formatValue(old.kitsune - 40_000_000)} · Blox Fruits`,
        link: '/values/blox-fruits/kitsune',
        at: row!.changedAt.toISOString(),
        endsAt: null,
      },
    ])
    expect(drops[0]!.description).toBe('640M → 600M · Blox Fruits')
  })

  it('a seed stock with Beanstalk (1 in 210, ×1) is limited-time and low stock; a mirage fruit is limited-time, in stock; common stock is neither; a dealer is never low', async () => {
    const gag = await userWith(['grow-a-garden-stock-manager'])
    const bf = await userWith(['blox-fruits-stock-manager'])
    await wellInsideSeedWindow()
    const seeds = await report('grow-a-garden', gag.cookie, {
      shop: 'seeds',
      items: [
        { item: 'beanstalk', quantity: 1 },
        { item: 'carrot', quantity: 2 },
        { item: 'strawberry', quantity: 6 },
      ],
    })
    const mirage = await report('blox-fruits', bf.cookie, { shop: 'mirage', items: [{ item: 'spirit' }] })
    // The dealers have no quantities: a bot's "1" is not kept, and never makes a fruit low in stock.
    await report('blox-fruits', bf.cookie, { shop: 'normal', items: [{ item: 'gas', quantity: 1 }] })

    // The stock snapshots are rebuilt when the report is announced: the feed follows them.
    let answer!: FeedResponse
    await expect
      .poll(async () => {
        answer = await feed()
        return ofType(answer, 'limited-time').map((i) => i.title)
      })
      .toEqual(['Limited time: Spirit', 'Limited time: Beanstalk'])
    expect(ofType(answer, 'limited-time')).toEqual([
      {
        type: 'limited-time',
        title: 'Limited time: Spirit',
        description: 'In stock at the Mirage Dealer',
        link: '/blox-fruits-stock',
        at: mirage.report.reportedAt,
        endsAt: mirage.report.windowEnd,
      },
      {
        type: 'limited-time',
        title: 'Limited time: Beanstalk',
        description: 'In stock at the Seed Shop',
        link: '/grow-a-garden-stock',
        at: seeds.report.reportedAt,
        endsAt: seeds.report.windowEnd,
      },
    ])
    expect(ofType(answer, 'low-stock')).toEqual([
      {
        type: 'low-stock',
        title: 'Low stock: Beanstalk',
        description: 'Only 1 left at the Seed Shop',
        link: '/grow-a-garden-stock',
        at: seeds.report.reportedAt,
        endsAt: seeds.report.windowEnd,
      },
      expect.objectContaining({ title: 'Low stock: Carrot', description: 'Only 2 left at the Seed Shop' }),
    ])
    const text = JSON.stringify(answer)
    expect(text).not.toContain('Strawberry')
    expect(text).not.toContain('Gas')
    // Types come in rotation order: limited-time, price drops, low stock, trending, activity.
    const order = ['limited-time', 'price-drop', 'low-stock', 'trending', 'user-activity']
    const types = answer.items.map((i) => order.indexOf(i.type))
    expect(types).toEqual([...types].sort((a, b) => a - b))
    expect(ofType(answer, 'sale')).toEqual([])

    // Once the window ends the stock is no longer offered (nothing stays in a stale answer either).
    await t.database.db
      .update(stockReports)
      .set({
        windowStart: sql`${stockReports.windowStart} - interval '1 day'`,
        windowEnd: sql`${stockReports.windowEnd} - interval '1 day'`,
      })
      .where(eq(stockReports.gameId, 'grow-a-garden'))
    const res = await send(t, '/api/stock/grow-a-garden/reports', {
      body: { shop: 'seeds', items: [{ item: 'carrot', quantity: 20 }] },
      cookie: gag.cookie,
    })
    expect(res.status).toBe(201)
    await expect
      .poll(async () =>
        (await feed()).items.filter((i) => i.link === '/grow-a-garden-stock').map((i) => i.title),
      )
      .toEqual([])
  })

  it('counts what traders did in the last 24 h, and never names anyone', async () => {
    // Read at one moment, before and after a sign-up: the counts are the ones read first (cached).
    const now = Date.now()
    const activityAt = async () =>
      ofType(
        feedResponseSchema.parse(
          JSON.parse(Buffer.from((await feedAnswer({ ...t, logger }, now)).body).toString()),
        ),
        'user-activity',
      )
    const before = await activityAt()
    const trader = await userWith([], `feed_trader_${Date.now() % 100_000}`)
    expect(await activityAt()).toEqual(before)
    timePasses()
    const since = sql`now() - interval '24 hours'`
    const [joined] = await t.database.db.select({ n: count() }).from(users).where(gt(users.createdAt, since))
    expect(joined!.n).toBeGreaterThan(0)
    const answer = await feed()
    expect(ofType(answer, 'user-activity')).toContainEqual({
      type: 'user-activity',
      title: `${joined!.n} ${joined!.n === 1 ? 'trader' : 'traders'} joined in the last 24\u00a0h`,
      description: 'Create your account to save favorites and get alerts',
      link: '/sign-in',
      at: answer.generatedAt,
      endsAt: null,
    })
    // A launch-list member who verified: an OG member.
    const subscribed = await send(t, '/api/launch-list/subscribe', {
      body: { email: 'og.trader@example.com' },
    })
    expect(subscribed.status).toBeLessThan(300)
    const mail = await lastMail(t, 'og.trader@example.com')
    const token = mail!.textBody!.match(/\/\?token=([A-Za-z0-9_-]{43})/)![1]!
    expect((await send(t, '/api/launch-list/verify', { body: { token } })).status).toBe(200)
    timePasses()
    const after = await feed()
    expect(ofType(after, 'user-activity').map((i) => i.title)).toContain(
      'A new OG member in the last 24\u00a0h',
    )
    const text = JSON.stringify(after)
    for (const secret of [trader.email, trader.id, trader.username!, 'og.trader', 'feed-user-'])
      expect(text).not.toContain(secret)
  })

  it('trending: the items most favorited or watched in the last 24 h, by how many traders', async () => {
    const [a, b, c] = [await userWith(), await userWith(), await userWith()]
    const favorite = (cookie: string, item: string) =>
      send(t, `/api/favorites/blox-fruits/${item}`, { method: 'PUT', cookie })
    expect((await favorite(a.cookie, 'west-dragon')).status).toBe(200)
    expect((await favorite(b.cookie, 'west-dragon')).status).toBe(200)
    expect((await favorite(c.cookie, 'control')).status).toBe(200)
    // B also watches it: still one trader. C watches Tiger; A's favorite of Yeti is two days old.
    await t.database.db.insert(watches).values([
      { userId: b.id, gameId: 'blox-fruits', itemId: 'west-dragon', value: true },
      { userId: c.id, gameId: 'blox-fruits', itemId: 'tiger', value: true },
    ])
    expect((await favorite(a.cookie, 'yeti')).status).toBe(200)
    await t.database.db
      .update(itemFavorites)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(and(eq(itemFavorites.userId, a.id), eq(itemFavorites.itemId, 'yeti')))
    timePasses()
    const answer = await feed()
    const trending = ofType(answer, 'trending')
    expect(trending[0]).toEqual({
      type: 'trending',
      title: 'Trending: West Dragon',
      description: '2 traders favorited or watched it in the last 24\u00a0h',
      link: '/values/blox-fruits/west-dragon',
      at: answer.generatedAt,
      endsAt: null,
    })
    expect(trending.length).toBeLessThanOrEqual(3)
    expect(trending.map((i) => i.title)).not.toContain('Trending: Yeti')
    expect(trending.find((i) => i.title === 'Trending: Tiger')?.description).toBe(
      '1 trader favorited or watched it in the last 24\u00a0h',
    )
    const titles = ofType(answer, 'user-activity').map((i) => i.title)
    expect(titles.some((title) => /^Traders favorited \d+ items? in the last 24\u00a0h$/.test(title))).toBe(
      true,
    )
    expect(
      titles.some((title) => /^Traders started watching \d+ items? in the last 24\u00a0h$/.test(title)),
    ).toBe(true)
  })

  it("a signed-in trader's answer is their own: no call to create an account, no trending of their own pick", async () => {
    // A site of its own: its only picks are the ones made here.
    const site = await createTestApp()
    try {
      const signUp = async (name: string) => {
        const { cookie } = await createMagicLinkUser(site, `feed-${name}-${++n}@example.com`)
        return { cookie, id: (await meOf(site, cookie)).id }
      }
      const [trader, other] = [await signUp('trader'), await signUp('other')]
      // The trader alone picked Kitsune (a favorite) and Dough (a watch); the other trader picked Spirit.
      const favorited = await send(site, '/api/favorites/blox-fruits/kitsune', {
        method: 'PUT',
        cookie: trader.cookie,
      })
      expect(favorited.status).toBe(200)
      await site.database.db.insert(watches).values([
        { userId: trader.id, gameId: 'blox-fruits', itemId: 'dough', value: true },
        { userId: other.id, gameId: 'blox-fruits', itemId: 'spirit', value: true },
      ])
      const page = (item: string) => `/values/blox-fruits/${item}`
      const trendingOf = async (cookie?: string) => {
        const res = await send(site, '/api/feed', cookie ? { cookie } : {})
        expect(res.status).toBe(200)
        const answer = feedResponseSchema.parse(await res.json())
        return {
          res,
          answer,
          trending: ofType(answer, 'trending')
            .map((i) => i.link)
            .sort(),
        }
      }

      const visitor = await trendingOf()
      expect(visitor.trending).toEqual([page('dough'), page('kitsune'), page('spirit')])
      expect(visitor.answer.items.map((i) => i.link)).toContain('/sign-in')

      const mine = await trendingOf(trader.cookie)
      expect(mine.res.headers.get('cache-control')).toBe('private, max-age=60')
      expect(mine.res.headers.get('vary')).toContain('Cookie')
      expect(mine.trending).toEqual([page('spirit')])
      expect(mine.answer.items.map((i) => i.link)).not.toContain('/sign-in')

      // The other trader hears of the trader's picks (never who made them), not of their own.
      const theirs = await trendingOf(other.cookie)
      expect(theirs.trending).toEqual([page('dough'), page('kitsune')])
      expect(JSON.stringify(theirs.answer)).not.toContain(trader.id)
    } finally {
      await site.close()
    }
  })
})

describe('stock candidates', () => {
  const stock = (windowStart: string, windowEnd: string): StockResponse => ({
    game: 'grow-a-garden',
    version: 'v',
    generatedAt: windowStart,
    shops: [
      {
        id: 'seeds',
        name: 'Seed Shop',
        kind: 'clock',
        periodSeconds: 300,
        offsetSeconds: 0,
        windowStart,
        nextRestockAt: windowEnd,
        report: {
          id: 1,
          shop: 'seeds',
          windowStart,
          windowEnd,
          observedAt: windowStart,
          reportedAt: windowStart,
          source: { kind: 'bot', name: 'bot' },
          corrected: false,
          weather: null,
          items: [{ item: 'beanstalk', quantity: 1 }],
        },
      },
    ],
    weather: [],
    items: {
      beanstalk: {
        name: 'Beanstalk',
        category: 'seed',
        rarity: 'Prismatic',
        inGamePrice: null,
        robuxPrice: null,
        value: null,
        image: null,
      },
    },
  })
  const start = Date.parse('2026-01-31T12:00:00Z')
  const end = start + 300_000
  const data = stock(new Date(start).toISOString(), new Date(end).toISOString())

  it('an item is in stock from its window start until its end, and the answer holds until then', () => {
    expect(inStockAt([data], start - 1)).toEqual({ entries: [], until: start })
    const during = inStockAt([data], start + 1000)
    expect(during.until).toBe(end)
    expect(during.entries.map((e) => [e.name, e.quantity, e.endsAt])).toEqual([['Beanstalk', 1, end]])
    expect(inStockAt([data], end).entries).toEqual([])
  })

  it('rare is 1 in 50 or rarer (from the notes) or the mirage dealer', () => {
    const { entries } = inStockAt([data], start + 1000)
    const notes = (chance: number) => `Seed Shop (Sam); restock chance 1 in ${chance}, stock 1-1`
    expect(stockCandidates(entries, () => notes(50)).limited).toHaveLength(1)
    expect(stockCandidates(entries, () => notes(49)).limited).toHaveLength(0)
    expect(stockCandidates(entries, () => null).limited).toHaveLength(0)
    const mirage = entries.map((e) => ({ ...e, game: 'blox-fruits' as const, shop: 'mirage' }))
    expect(stockCandidates(mirage, () => null).limited).toHaveLength(1)
    const plenty = entries.map((e) => ({ ...e, quantity: 3 }))
    expect(stockCandidates(plenty, () => null).low).toEqual([])
  })

  it('an item of a shop without quantities (a dealer) is in stock, never "only 1 left"', () => {
    const { entries } = inStockAt([data], start + 1000)
    const dealer = entries.map((e) => ({
      ...e,
      game: 'blox-fruits' as const,
      shop: 'normal',
      quantity: null,
    }))
    expect(stockCandidates(dealer, () => null)).toEqual({ limited: [], low: [] })
    const mirage = dealer.map((e) => ({ ...e, shop: 'mirage', shopName: 'Mirage Dealer' }))
    expect(stockCandidates(mirage, () => null).limited.map((i) => [i.title, i.description])).toEqual([
      ['Limited time: Beanstalk', 'In stock at the Mirage Dealer'],
    ])
  })
})
