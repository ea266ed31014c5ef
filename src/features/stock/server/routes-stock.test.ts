/**
 * Reading the stock: a game's shops with their clocks and latest reports, past reports and one item's
 * facts, and the live stream that pushes each change.
 */
import { describe, expect, it, vi } from 'vitest'
import {
  type StockHistoryResponse,
  type StockItemStats,
  stockResponseSchema,
  windowAt,
} from '@/features/stock/contract'
import { stockReports } from '@/features/stock/tables'
import { LiveHub } from '@/platform/server/lib/live'
import { send } from '@/test/accounts'
import { createTestApp, served } from '@/test/app'
import { readEvents } from '@/test/sse'
import {
  admin,
  bfManager,
  changedStock,
  currentStock,
  gagManager,
  plainUser,
  report,
  setUpStockApp,
  t,
} from './routes-test-setup'

setUpStockApp()

describe('GET /api/stock/:game', () => {
  it('lists every shop of the game with its clock, and no report before one is made', async () => {
    const stock = await currentStock('blox-fruits')
    expect(stock.shops.map((s) => s.id)).toEqual(['normal', 'mirage'])
    const normal = stock.shops[0]!
    const window = windowAt({ periodSeconds: 4 * 3600, offsetSeconds: 0 }, Date.parse(stock.generatedAt))
    expect(normal).toMatchObject({
      name: 'Blox Fruit Dealer',
      periodSeconds: 14_400,
      windowStart: new Date(window.start).toISOString(),
      nextRestockAt: new Date(window.end).toISOString(),
    })
    const gag = await currentStock('grow-a-garden')
    expect(gag.shops.map((s) => s.id)).toEqual([
      'seeds',
      'gear',
      'eggs',
      'cosmetics',
      'event',
      'traveling-merchant',
    ])
  })

  it('answers 304 to the ETag it gave, until the stock changes', async () => {
    const first = await send(t, '/api/stock/blox-fruits')
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-control')).toBe('public, no-cache')
    expect((await send(t, '/api/stock/blox-fruits', { headers: { 'if-none-match': etag } })).status).toBe(304)
    await report('blox-fruits', await changedStock('blox-fruits', 'mirage', 'dough'), bfManager)
    await expect
      .poll(
        async () => (await send(t, '/api/stock/blox-fruits', { headers: { 'if-none-match': etag } })).status,
      )
      .toBe(200)
  })

  it('is 404 for a game without a stock tracker', async () => {
    expect((await send(t, '/api/stock/adopt-me')).status).toBe(404)
    expect((await send(t, '/api/stock/nope/history')).status).toBe(404)
  })
})

describe('history and per-item facts', () => {
  it('pages past reports, newest first, by shop and by item', async () => {
    // Three past windows of the mirage dealer, as earlier restocks left them.
    const now = Date.now()
    for (const [i, item] of ['tiger', 'dough', 'tiger'].entries()) {
      const start = windowAt({ periodSeconds: 7200, offsetSeconds: 0 }, now - (3 - i) * 7_200_000).start
      await t.database.db.insert(stockReports).values({
        gameId: 'blox-fruits',
        shop: 'mirage',
        windowStart: new Date(start),
        windowEnd: new Date(start + 7_200_000),
        items: [{ item, quantity: 1 }],
        fingerprint: item,
        observedAt: new Date(start + 60_000),
        sourceName: 'history test',
      })
    }
    const page1 = (await (
      await send(t, '/api/stock/blox-fruits/history?shop=mirage&limit=2')
    ).json()) as StockHistoryResponse
    expect(page1.reports).toHaveLength(2)
    expect(page1.reports.every((r) => r.shop === 'mirage')).toBe(true)
    expect(page1.nextBefore).toBe(page1.reports[1]!.id)
    const page2 = (await (
      await send(t, `/api/stock/blox-fruits/history?shop=mirage&limit=2&before=${page1.nextBefore}`)
    ).json()) as StockHistoryResponse
    expect(page2.reports[0]!.id).toBeLessThan(page1.nextBefore!)
    const byItem = (await (
      await send(t, '/api/stock/blox-fruits/history?item=tiger')
    ).json()) as StockHistoryResponse
    expect(byItem.reports.length).toBeGreaterThanOrEqual(2)
    expect(byItem.reports.every((r) => r.items.some((i) => i.item === 'tiger'))).toBe(true)
    expect(byItem.items.tiger?.name).toBe('Tiger')
    expect((await send(t, '/api/stock/blox-fruits/history?limit=0')).status).toBe(400)
    expect((await send(t, '/api/stock/blox-fruits/history?item=Bad%20Id')).status).toBe(400)
  })

  it('tells when an item was last in stock, how often this week, and its odds from game data', async () => {
    await report('grow-a-garden', { shop: 'eggs', items: [{ item: 'bug-egg', quantity: 1 }] }, gagManager)
    const stats = (await (await send(t, '/api/stock/grow-a-garden/items/bug-egg')).json()) as StockItemStats
    expect(stats.lastSeen).toMatchObject({ shop: 'eggs', shopName: 'Egg Shop', quantity: 1 })
    expect(stats.appearancesLast7Days).toBeGreaterThanOrEqual(1)
    expect(stats.odds).toEqual({
      chance: 100,
      minQuantity: null,
      maxQuantity: null,
      shop: 'eggs',
      periodSeconds: 1800,
    })
    const never = (await (
      await send(t, '/api/stock/grow-a-garden/items/ember-lily')
    ).json()) as StockItemStats
    expect(never).toMatchObject({ lastSeen: null, appearancesLast7Days: 0 })
    expect(never.odds).toMatchObject({
      chance: 240,
      minQuantity: 1,
      maxQuantity: 1,
      shop: 'seeds',
      periodSeconds: 300,
    })
    expect((await send(t, '/api/stock/grow-a-garden/items/no-such-item')).status).toBe(404)
  })
})

describe('GET /api/stock/:game/stream', () => {
  it('sends the whole stock on connect and again after a change, with ids; Last-Event-ID skips what the client has', async () => {
    const res = await send(t, '/api/stock/blox-fruits/stream')
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const events = readEvents(res)
    const first = await events.next()
    expect(first.event).toBe('stock')
    const data = stockResponseSchema.parse(JSON.parse(first.data))
    expect(first.id).toBe(data.version)

    await report('blox-fruits', await changedStock('blox-fruits', 'mirage', 'kitsune'), bfManager)
    const second = await events.next()
    expect(second.id).not.toBe(first.id)
    expect(
      JSON.parse(second.data).shops.find((s: { id: string }) => s.id === 'mirage').report.items[0].item,
    ).toBe('kitsune')
    await events.close()

    // A client that has the current version gets nothing until the next change.
    const resumed = readEvents(
      await send(t, '/api/stock/blox-fruits/stream', { headers: { 'last-event-id': second.id! } }),
    )
    await report('blox-fruits', await changedStock('blox-fruits', 'mirage', 'dough'), bfManager)
    const next = await resumed.next()
    expect(next.id).not.toBe(second.id)
    expect(
      JSON.parse(next.data).shops.find((s: { id: string }) => s.id === 'mirage').report.items[0].item,
    ).toBe('dough')
    await resumed.close()
  })

  it('a refused report pushes nothing', async () => {
    // An item of its own, so the change below is one whatever the cosmetics shop holds.
    const added = await send(t, '/api/stock/grow-a-garden/items', {
      body: { name: 'Refusal Test Crate', category: 'cosmetic', rarity: 'Rare' },
      cookie: admin,
    })
    expect(added.status).toBe(201)
    const { id: crate } = (await added.json()) as { id: string }
    const events = readEvents(await send(t, '/api/stock/grow-a-garden/stream'))
    const first = await events.next()
    await report('grow-a-garden', { shop: 'seeds', items: [{ item: 'carrot', quantity: 1 }] }, plainUser)
    await report('grow-a-garden', { shop: 'bakery', items: [] }, gagManager)
    // A change made after the refusals is the next event: nothing came between.
    const changed = await report(
      'grow-a-garden',
      { shop: 'cosmetics', items: [{ item: crate, quantity: 1 }] },
      { cookie: admin },
    )
    expect(changed.status).toBe(201)
    const next = await events.next()
    expect(next.id).not.toBe(first.id)
    const cosmetics = JSON.parse(next.data).shops.find((s: { id: string }) => s.id === 'cosmetics').report
    expect(cosmetics.source.name).toBeTruthy()
    expect(cosmetics.items).toEqual([{ item: crate, quantity: 1 }])
    await events.close()
  })

  it('on the Node server, is written to the response itself: the house headers, uncompressed, every change', async () => {
    const server = await served(t)
    const respond = vi.spyOn(LiveHub.prototype, 'respond')
    try {
      const res = await fetch(`${server.url}/api/stock/blox-fruits/stream`, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('no-cache, no-transform')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
      expect(res.headers.get('content-encoding')).toBeNull()
      const events = readEvents(res)
      const first = await events.next()
      expect(first.id).toBe(stockResponseSchema.parse(JSON.parse(first.data)).version)
      await report('blox-fruits', await changedStock('blox-fruits', 'normal', 'dough'), bfManager)
      const next = await events.next()
      expect(next.id).not.toBe(first.id)
      expect(
        JSON.parse(next.data).shops.find((s: { id: string }) => s.id === 'normal').report.items[0].item,
      ).toBe('dough')
      await events.close()
      expect(respond).toHaveBeenCalledTimes(1)
    } finally {
      respond.mockRestore()
      await server.close()
    }
  })

  it('ends every stream when the server stops', async () => {
    const other = await createTestApp({ catalog: false })
    try {
      const server = await served(other)
      try {
        // One stream in process, one on the Node server: both end.
        const events = readEvents(await send(other, '/api/stock/blox-fruits/stream'))
        const onServer = readEvents(await fetch(`${server.url}/api/stock/blox-fruits/stream`))
        await events.next()
        await onServer.next()
        expect(await other.shutdown.endStreams(2000)).toBe(0)
        await expect(events.next()).rejects.toThrow(/ended/)
        await expect(onServer.next()).rejects.toThrow(/ended/)
      } finally {
        await server.close()
      }
    } finally {
      await other.close()
    }
  })
})
