/**
 * Grow a Garden's stock from an upstream feed, against a local stand-in of the feed: the feed's report
 * written (mapped by id, name and alias; unknown items listed, never invented), driving an alert and a
 * /track post; a manager's report of the window winning; malformed answers skipped; reads at a restock
 * and every 15 s after until the data changes (time moved on by an injected clock); two instances
 * reading once per window; the worker started and stopped with the server.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOG_CACHE_PREFIX } from '@/features/catalog/server/public'
import { items as catalogItems } from '@/features/catalog/tables'
import {
  type FeedUnknownResponse,
  feedUnknownResponseSchema,
  STOCK_FEED,
  stockReportResultSchema,
} from '@/features/stock/contract'
import { stockFeedState, stockReports } from '@/features/stock/tables'
import { createLogger } from '@/platform/server/lib/logger'
import { send } from '@/test/accounts'
import { follow, notificationsAbout, settled, signedInUser, startAlertWorkers } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { TEST_GUILD, TEST_MEMBER } from '@/test/discord-api'
import { type BotApp, createBotApp, type DiscordApiStandIn, startBotWorkers } from '@/test/discord-bot'
import { feedItem, fiveMinuteWindow, type StockFeedStandIn, startStockFeedStandIn } from '@/test/stock-feed'
import { type FeedDeps, feedRound, StockFeedWorker } from './feed'
import { stockLiveOf } from './live'
import stockFeature from './manifest'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const KEY = 'js_test_feed_key'
const GAG = 'grow-a-garden'
const MINUTE = 60_000

let bot: BotApp
let t: TestApp
let discord: DiscordApiStandIn
let feed: StockFeedStandIn
let stopBot: () => Promise<void>
let alerts: Awaited<ReturnType<typeof startAlertWorkers>>
let manager: Awaited<ReturnType<typeof signedInUser>>
/** The injected clock of the feed's reads. */
let clock = 0
/** The five-minute window real time was in when the file started. */
let firstWindow: { start: number; end: number }
/** A restock of the eggs (every 30 min) ahead of real time: the mapping test reads there, later tests after. */
let ahead = 0

const depsOf = (app: TestApp = t, over: Partial<FeedDeps> = {}): FeedDeps => ({
  db: app.database.db,
  cache: app.cache,
  announce: (game) =>
    stockLiveOf({ database: app.database, cache: app.cache, logger: app.logger }).announce(game),
  logger: createLogger('silent'),
  url: feed.url,
  key: KEY,
  now: () => clock,
  ...over,
})

/** The report of a shop's window that counts (not superseded). */
async function currentReport(shop: string, windowStart: number) {
  const [row] = await t.database.db
    .select()
    .from(stockReports)
    .where(
      and(
        eq(stockReports.gameId, GAG),
        eq(stockReports.shop, shop),
        eq(stockReports.windowStart, new Date(windowStart)),
        isNull(stockReports.supersededAt),
      ),
    )
  return row
}

async function feedUnknown(
  cookie: string | undefined,
  app = t.appWith({ GROW_A_GARDEN_STOCK_FEED_URL: feed.url }),
) {
  const res = await app.request('/api/stock/grow-a-garden/feed-unknown', {
    headers: cookie ? { cookie } : {},
  })
  return res
}

beforeAll(async () => {
  feed = await startStockFeedStandIn()
  bot = await createBotApp({ standIn: true })
  t = bot.t
  discord = bot.discord!
  stopBot = await startBotWorkers(t)
  alerts = await startAlertWorkers(t)
  manager = await signedInUser(t, undefined, ['grow-a-garden-stock-manager'])
  firstWindow = fiveMinuteWindow(Date.now())
})
afterAll(async () => {
  await alerts?.stop()
  await stopBot?.()
  await bot?.close()
  await feed?.close()
})

describe('the feed’s reports', () => {
  it('a stock manager’s report of the window wins over the feed’s; a manager’s later report replaces the feed’s', async () => {
    // The manager posts in real time: the feed reads in the same window.
    if (fiveMinuteWindow(Date.now()).end - Date.now() < 10_000)
      await new Promise((r) => setTimeout(r, 10_500))
    clock = Date.now()
    const window = fiveMinuteWindow(clock)
    firstWindow = window
    const posted = await send(t, '/api/stock/grow-a-garden/reports', {
      body: { shop: 'seeds', items: [{ item: 'carrot', quantity: 5 }] },
      cookie: manager.cookie,
    })
    expect(posted.status).toBe(201)

    feed.serve({
      seed_stock: [feedItem('Carrot', 'Carrot', 16, window), feedItem('Strawberry', 'Strawberry', 4, window)],
      gear_stock: [feedItem('Watering_Can', 'Watering Can', 3, window)],
    })
    const round = await feedRound(depsOf())
    expect(round).toMatchObject({ read: true, written: 1 })
    // The manager's seeds stay; the feed's gear is written.
    expect(await currentReport('seeds', window.start)).toMatchObject({
      source: 'manager',
      items: [{ item: 'carrot', quantity: 5 }],
    })
    expect(await currentReport('gear', window.start)).toMatchObject({
      source: 'feed',
      sourceName: 'Game feed',
      items: [{ item: 'watering-can', quantity: 3 }],
    })

    // The manager corrects the feed's gear: it replaces it.
    const corrected = await send(t, '/api/stock/grow-a-garden/reports', {
      body: { shop: 'gear', items: [{ item: 'watering-can', quantity: 2 }] },
      cookie: manager.cookie,
    })
    expect(corrected.status).toBe(201)
    const { report } = stockReportResultSchema.parse(await corrected.json())
    expect(report).toMatchObject({ corrected: true, source: { kind: 'manager' } })
    expect(await currentReport('gear', window.start)).toMatchObject({ source: 'manager' })
  })

  it('is mapped by id, then name, then alias; unknown items are listed, never invented; an alert and a /track post follow', async () => {
    // Somewhere ahead of real time: a window no other test uses, not over before the bot posts it.
    ahead = Math.ceil((firstWindow.start + 5 * MINUTE) / (30 * MINUTE)) * 30 * MINUTE
    const window = fiveMinuteWindow(ahead)
    const eggWindow = { start: ahead, end: ahead + 30 * MINUTE }
    clock = window.start + 70_000
    await t.database.db
      .update(catalogItems)
      .set({ aliases: ['Tomat'] })
      .where(and(eq(catalogItems.gameId, GAG), eq(catalogItems.id, 'tomato')))
    await t.cache.invalidate(CATALOG_CACHE_PREFIX)

    const trader = await signedInUser(t)
    await follow(t, trader.id, { watches: [{ gameId: GAG, itemId: 'orange-tulip', restock: true }] })
    const channel = '610000000000000001'
    await bot.command(
      'track',
      [
        { name: 'game', type: 3, value: GAG },
        { name: 'channel', type: 7, value: channel },
      ],
      {
        guild_id: TEST_GUILD.id,
        member: TEST_MEMBER,
        token: 'feed-track',
        resolved: { channels: { [channel]: { id: channel, name: 'stock', type: 0 } } },
      },
    )
    const posts = () => discord.sentTo(`/channels/${channel}/messages`)
    await expect.poll(() => posts().length).toBe(1)

    feed.serve({
      seed_stock: [
        feedItem('Carrot', 'Carrot', 16, window),
        feedItem('orange_tulip_v2', 'Orange Tulip', 3, window),
        feedItem('tomato_old', 'Tomat', 2, window),
        feedItem('glimmer_gourd', 'Glimmer Gourd', 1, window),
        feedItem('Blueberry', 'Blueberry', 0, window),
      ],
      egg_stock: [
        feedItem('Common_Egg', 'Common Egg', 1, eggWindow),
        feedItem('Common_Egg', 'Common Egg', 1, eggWindow),
      ],
      weather: [
        {
          weather_id: 'rain',
          weather_name: 'Rain',
          active: true,
          duration: 300,
          start_duration_unix: Math.floor(clock / 1000) - 60,
          end_duration_unix: Math.floor(clock / 1000) + 240,
        },
      ],
    })
    const round = await feedRound(depsOf())
    expect(round.read).toBe(true)
    expect(feed.requests.at(-1)!.headers[STOCK_FEED.keyHeader]).toBe(KEY)

    expect(await currentReport('seeds', window.start)).toMatchObject({
      source: 'feed',
      sourceName: 'Game feed',
      // Carrot by id, Orange Tulip by name, Tomato by alias; Blueberry sold out; Glimmer Gourd unknown.
      items: [
        { item: 'carrot', quantity: 16 },
        { item: 'orange-tulip', quantity: 3 },
        { item: 'tomato', quantity: 2 },
      ],
    })
    expect((await currentReport('eggs', eggWindow.start))?.items).toEqual([
      { item: 'common-egg', quantity: 2 },
    ])
    const [rain] = await t.database.db
      .select()
      .from(stockReports)
      .where(and(eq(stockReports.shop, 'weather'), eq(stockReports.weather, 'rain')))
      .orderBy(desc(stockReports.id))
    expect(rain).toMatchObject({
      source: 'feed',
      windowEnd: new Date((Math.floor(clock / 1000) + 240) * 1000),
    })
    const invented = await t.database.db
      .select()
      .from(catalogItems)
      .where(and(eq(catalogItems.gameId, GAG), sql`${catalogItems.name} ilike 'glimmer gourd%'`))
    expect(invented).toEqual([])

    // The stock page says which source reported the window.
    const stock = await (await send(t, '/api/stock/grow-a-garden')).json()
    const seeds = stock.shops.find((s: { id: string }) => s.id === 'seeds')
    expect(seeds.report.source).toEqual({ kind: 'feed', name: 'Game feed' })

    // The watcher of Orange Tulip is told, once.
    await settled(t)
    const told = await notificationsAbout(t, trader.id, 'orange-tulip')
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({ kind: 'restock', title: 'Orange Tulip is in stock' })

    // The tracked channel gets the feed's restocks.
    await expect.poll(() => posts().length).toBeGreaterThanOrEqual(2)
    const bodies = posts()
      .slice(1)
      .map((p) => JSON.stringify(p.body))
    expect(bodies.some((b) => b.includes('Orange Tulip') && b.includes('Seed Shop'))).toBe(true)

    // The stock managers see the unknown item, until it is added to the catalog.
    const res = await feedUnknown(manager.cookie)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const unknown: FeedUnknownResponse = feedUnknownResponseSchema.parse(await res.json())
    expect(unknown).toMatchObject({ configured: true, lastError: null })
    expect(unknown.lastReadAt).toBe(new Date(clock).toISOString())
    expect(unknown.items).toEqual([
      expect.objectContaining({
        shop: 'seeds',
        feedId: 'glimmer_gourd',
        displayName: 'Glimmer Gourd',
        timesSeen: 1,
      }),
    ])
    const added = await send(t, '/api/stock/grow-a-garden/items', {
      body: { name: 'Glimmer Gourd', category: 'seed', rarity: 'Rare' },
      cookie: manager.cookie,
    })
    expect(added.status).toBe(201)
    const after = feedUnknownResponseSchema.parse(await (await feedUnknown(manager.cookie)).json())
    expect(after.items).toEqual([])
  })

  it('the unknown items: stock managers only', async () => {
    expect((await feedUnknown(undefined)).status).toBe(401)
    const plain = await signedInUser(t)
    expect((await feedUnknown(plain.cookie)).status).toBe(403)
    const bfManager = await signedInUser(t, undefined, ['blox-fruits-stock-manager'])
    expect((await feedUnknown(bfManager.cookie)).status).toBe(403)
    const admin = await signedInUser(t, undefined, ['admin'])
    expect((await feedUnknown(admin.cookie)).status).toBe(200)
    // A game without stock is not found; without the feed set, the list says so.
    const other = await t.app.request('/api/stock/adopt-me/feed-unknown', {
      headers: { cookie: manager.cookie },
    })
    expect(other.status).toBe(404)
    const unset = feedUnknownResponseSchema.parse(
      await (
        await t.app.request('/api/stock/grow-a-garden/feed-unknown', { headers: { cookie: manager.cookie } })
      ).json(),
    )
    expect(unset.configured).toBe(false)
  })
})

describe('when the feed is read', () => {
  it('at the restock, then every 15 s until the data changes, then not before the next restock', async () => {
    const window = fiveMinuteWindow(ahead + 10 * MINUTE)
    const previous = { start: window.start - 5 * MINUTE, end: window.start }
    const before = feed.requests.length
    const reads = () => feed.requests.length - before
    // The feed lags: at the restock it still has the previous window's stock.
    feed.serve({ seed_stock: [feedItem('Carrot', 'Carrot', 7, previous)] })
    clock = window.start
    expect(await feedRound(depsOf())).toMatchObject({ read: true, written: 0, nextAt: clock + 15_000 })
    expect(await currentReport('seeds', window.start)).toBeUndefined()
    // No read before the 15 s are up.
    clock += 5_000
    expect(await feedRound(depsOf())).toMatchObject({ read: false, nextAt: window.start + 15_000 })
    expect(reads()).toBe(1)
    clock = window.start + 15_000
    expect(await feedRound(depsOf())).toMatchObject({ read: true, written: 0, nextAt: clock + 15_000 })
    expect(reads()).toBe(2)
    // The new stock arrives.
    feed.serve({ seed_stock: [feedItem('Carrot', 'Carrot', 12, window)] })
    clock = window.start + 30_000
    expect(await feedRound(depsOf())).toMatchObject({ read: true, written: 1, nextAt: window.end })
    expect((await currentReport('seeds', window.start))?.items).toEqual([{ item: 'carrot', quantity: 12 }])
    clock = window.start + 90_000
    expect(await feedRound(depsOf())).toMatchObject({ read: false, nextAt: window.end })
    expect(reads()).toBe(3)

    // A feed without dates: the same stock as before the restock is the feed lagging; a change is new.
    const next = { start: window.end, end: window.end + 5 * MINUTE }
    feed.serve({ seed_stock: [{ item_id: 'Carrot', display_name: 'Carrot', quantity: 12 }] })
    clock = next.start + 1_000
    expect(await feedRound(depsOf())).toMatchObject({ read: true, written: 0, nextAt: clock + 15_000 })
    feed.serve({ seed_stock: [{ item_id: 'Carrot', display_name: 'Carrot', quantity: 9 }] })
    clock += 15_000
    expect(await feedRound(depsOf())).toMatchObject({ read: true, written: 1, nextAt: next.end })
    expect((await currentReport('seeds', next.start))?.items).toEqual([{ item: 'carrot', quantity: 9 }])
  })

  it('a malformed answer is logged and skipped (read again in 15 s); unknown fields are ignored', async () => {
    const window = fiveMinuteWindow(ahead + 20 * MINUTE)
    clock = window.start + 70_000
    const warnings: unknown[] = []
    const logger = createLogger('silent')
    logger.warn = ((obj: unknown) => {
      warnings.push(obj)
    }) as typeof logger.warn
    const deps = depsOf(t, { logger })
    const answers: [number, string, RegExp][] = [
      [200, 'not json', /did not answer JSON/],
      [
        200,
        JSON.stringify({ seed_stock: [{ item_id: 'Carrot', quantity: 'lots' }] }),
        /malformed: seed_stock\.0\.quantity/,
      ],
      [200, JSON.stringify({ seed_stock: 'carrots' }), /malformed: seed_stock/],
      [500, '{"error":"upstream down"}', /answered 500/],
      [
        200,
        JSON.stringify({
          seed_stock: [feedItem('Carrot', 'Carrot', 1, window)],
          pad: 'x'.repeat(STOCK_FEED.maxBytes),
        }),
        /larger than/,
      ],
    ]
    for (const [status, body, reason] of answers) {
      feed.serveRaw(status, body)
      const round = await feedRound(deps)
      expect(round).toMatchObject({ read: true, nextAt: clock + 15_000 })
      expect(round.error).toMatch(reason)
      expect(await currentReport('seeds', window.start)).toBeUndefined()
      clock += 15_000
    }
    expect(warnings).toHaveLength(answers.length)
    const [state] = await t.database.db.select().from(stockFeedState).where(eq(stockFeedState.gameId, GAG))
    expect(state!.lastError).toMatch(/larger than/)
    expect(state!.leaseUntil).toBeNull()

    feed.serve({
      status: 200,
      discord: 'https://discord.gg/x',
      seed_stock: [{ ...feedItem('Carrot', 'Carrot', 8, window), rarity: 'Common', shiny: false }],
      unknown_shop_stock: [{ nothing: true }],
    })
    expect(await feedRound(deps)).toMatchObject({ read: true, written: 1 })
    expect((await currentReport('seeds', window.start))?.items).toEqual([{ item: 'carrot', quantity: 8 }])
    const [ok] = await t.database.db.select().from(stockFeedState).where(eq(stockFeedState.gameId, GAG))
    expect(ok).toMatchObject({ lastError: null, lastOkAt: new Date(clock) })
  })

  it('two instances on one database read the feed once per window', async () => {
    const other = process.env.TEST_DATABASE_URL ? await createTestApp({ sameDatabaseAs: t }) : null
    try {
      const a = new StockFeedWorker(depsOf(t))
      const b = new StockFeedWorker(depsOf(other ?? t))
      feed.delay(100)
      const before = feed.requests.length
      for (const minutes of [30, 35]) {
        const window = fiveMinuteWindow(ahead + minutes * MINUTE)
        clock = window.start + 70_000
        feed.serve({ seed_stock: [feedItem('Carrot', 'Carrot', minutes, window)] })
        const rounds = await Promise.all([a.runOnce(), b.runOnce()])
        expect(rounds.filter((r) => r?.read)).toHaveLength(1)
        // 15 s later both look again: the window has its stock, nobody reads.
        clock += 15_000
        const again = await Promise.all([a.runOnce(), b.runOnce()])
        expect(again.filter((r) => r?.read)).toHaveLength(0)
        expect((await currentReport('seeds', window.start))?.items).toEqual([
          { item: 'carrot', quantity: minutes },
        ])
      }
      expect(feed.requests.length - before).toBe(2)
    } finally {
      feed.delay(0)
      await other?.close()
    }
  })
})

describe('the worker', () => {
  it('starts with the server when GROW_A_GARDEN_STOCK_FEED_URL is set, sends the key, and stop waits for the read under way', async () => {
    // A fresh reading: every shop waits for its stock in real time.
    await t.database.db.delete(stockFeedState)
    const window = fiveMinuteWindow(Date.now())
    feed.serve({ seed_stock: [feedItem('Carrot', 'Carrot', 21, window)] })
    feed.delay(300)
    const arrived = feed.nextRequest()
    const started = await stockFeature.startWorkers!({
      env: { ...t.env, GROW_A_GARDEN_STOCK_FEED_URL: feed.url, GROW_A_GARDEN_STOCK_FEED_KEY: KEY },
      database: t.database,
      cache: t.cache,
      logger: createLogger('silent'),
      secret: t.secret,
    })
    try {
      await arrived
      expect(feed.requests.at(-1)!.headers[STOCK_FEED.keyHeader]).toBe(KEY)
    } finally {
      // Stopped while the feed has not answered: the read finishes first.
      await started?.stop()
      feed.delay(0)
    }
    const [state] = await t.database.db.select().from(stockFeedState).where(eq(stockFeedState.gameId, GAG))
    expect(state).toMatchObject({ leaseUntil: null, lastError: null })
    expect(state!.lastOkAt).toBeInstanceOf(Date)
    const count = feed.requests.length
    await new Promise((r) => setTimeout(r, 200))
    expect(feed.requests.length).toBe(count)
  })

  it('does not start without GROW_A_GARDEN_STOCK_FEED_URL', async () => {
    const count = feed.requests.length
    const started = await stockFeature.startWorkers!({
      env: t.env,
      database: t.database,
      cache: t.cache,
      logger: createLogger('silent'),
      secret: t.secret,
    })
    await new Promise((r) => setTimeout(r, 100))
    await started?.stop()
    expect(feed.requests.length).toBe(count)
  })
})
