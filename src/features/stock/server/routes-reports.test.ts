/**
 * Posting stock reports: who may post, what a shop takes, the two shapes reports come in (ours and the
 * community bots'), the bounds of a visit or a weather, and corrections within a window.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { userRoles } from '@/features/roles/tables'
import type { StockReportResult } from '@/features/stock/contract'
import { stockReports } from '@/features/stock/tables'
import { auditLog } from '@/platform/server/lib/audit-tables'
import { createUserWithUsername, errorOf, meOf, send } from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import {
  admin,
  bfManager,
  currentStock,
  gagManager,
  newToken,
  plainUser,
  report,
  reportCount,
  setUpStockApp,
  t,
} from './routes-test-setup'

setUpStockApp()

describe('POST /api/stock/:game/reports', () => {
  it('a stock manager publishes: 201, then the same stock again is 200 and changes nothing', async () => {
    // An app of its own: this is the first report of the egg shop's current window, whatever else ran.
    const own = await createTestApp()
    try {
      const { cookie } = await createUserWithUsername(own, 'first-eggs@example.com', 'seed_keeper', {
        magicLink: true,
      })
      const { id } = await meOf(own, cookie)
      await own.database.db.insert(userRoles).values({ userId: id, role: 'grow-a-garden-stock-manager' })
      const post = (body: unknown) => send(own, '/api/stock/grow-a-garden/reports', { body, cookie })
      const body = {
        shop: 'eggs',
        items: [
          { item: 'rare-egg', quantity: 2 },
          { item: 'common-egg', quantity: 3 },
        ],
      }
      const before = await reportCount('grow-a-garden', own)
      const first = await post(body)
      expect(first.status).toBe(201)
      const created = (await first.json()) as StockReportResult
      expect(created.created).toBe(true)
      expect(created.report).toMatchObject({
        shop: 'eggs',
        source: { kind: 'manager', name: 'seed_keeper' },
        corrected: false,
        // Sorted by item id.
        items: [
          { item: 'common-egg', quantity: 3 },
          { item: 'rare-egg', quantity: 2 },
        ],
      })
      const again = await post(body)
      expect(again.status).toBe(200)
      expect(((await again.json()) as StockReportResult).report.id).toBe(created.report.id)
      expect(await reportCount('grow-a-garden', own)).toBe(before + 1)

      await expect
        .poll(
          async () =>
            (await currentStock('grow-a-garden', own)).shops.find((s) => s.id === 'eggs')?.report?.id,
        )
        .toBe(created.report.id)
      const stock = await currentStock('grow-a-garden', own)
      expect(stock.items['rare-egg']).toMatchObject({ name: 'Rare Egg', rarity: 'Rare', category: 'egg' })
    } finally {
      await own.close()
    }
  })

  it('other stock in the same window replaces the report, kept and marked; the correction is audited', async () => {
    const first = (await (
      await report('blox-fruits', { shop: 'normal', items: [{ item: 'kitsune', quantity: 1 }] }, bfManager)
    ).json()) as StockReportResult
    const res = await report(
      'blox-fruits',
      {
        shop: 'normal',
        items: [
          { item: 'kitsune', quantity: 1 },
          { item: 'dough', quantity: 1 },
        ],
      },
      bfManager,
    )
    expect(res.status).toBe(201)
    const second = (await res.json()) as StockReportResult
    expect(second.report.corrected).toBe(true)
    const [old] = await t.database.db.select().from(stockReports).where(eq(stockReports.id, first.report.id))
    expect(old!.supersededAt).not.toBeNull()
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stock.correct'), eq(auditLog.actorId, bfManager.id)))
    expect(audits.at(-1)?.detail).toMatchObject({
      game: 'blox-fruits',
      shop: 'normal',
      report: second.report.id,
    })
  })

  it('the Blox Fruits dealers have no quantities: none is asked or stored, the stock answers none; a Grow a Garden shop needs one', async () => {
    const res = await report(
      'blox-fruits',
      { shop: 'mirage', items: [{ item: 'spirit' }, { item: 'dough' }] },
      bfManager,
    )
    expect(res.status, await res.clone().text()).toBe(201)
    const posted = ((await res.json()) as StockReportResult).report
    expect(posted.items).toEqual([
      { item: 'dough', quantity: null },
      { item: 'spirit', quantity: null },
    ])
    const [row] = await t.database.db.select().from(stockReports).where(eq(stockReports.id, posted.id))
    expect(row!.items).toEqual([{ item: 'dough' }, { item: 'spirit' }])
    // A bot that still sends quantities: none is kept, so the same fruits are the same stock (200).
    const again = await report(
      'blox-fruits',
      {
        shop: 'mirage',
        items: [
          { item: 'dough', quantity: 1 },
          { item: 'spirit', quantity: 3 },
        ],
      },
      bfManager,
    )
    expect(again.status, await again.clone().text()).toBe(200)
    await expect
      .poll(
        async () => (await currentStock('blox-fruits')).shops.find((s) => s.id === 'mirage')?.report?.items,
      )
      .toEqual([
        { item: 'dough', quantity: null },
        { item: 'spirit', quantity: null },
      ])
    // Grow a Garden's shops count what they sell: a seed without its quantity is refused, naming it.
    const missing = await errorOf(
      await report('grow-a-garden', { shop: 'seeds', items: [{ item: 'carrot' }] }, gagManager),
    )
    expect(missing.status).toBe(400)
    expect(missing.message).toBe('The Seed Shop sells in quantities: give carrot a quantity from 1 to 999')
    expect(Object.keys(missing.fields ?? {})).toEqual(['items'])
  })

  it('who may report: a visitor 401, a user 403, the other game’s manager 403; the manager and an admin may', async () => {
    const body = { shop: 'seeds', items: [{ item: 'carrot', quantity: 12 }] }
    const before = await reportCount()
    expect((await report('grow-a-garden', body)).status).toBe(401)
    expect((await report('grow-a-garden', body, plainUser)).status).toBe(403)
    expect((await report('grow-a-garden', body, bfManager)).status).toBe(403)
    expect(await reportCount()).toBe(before)
    expect([200, 201]).toContain((await report('grow-a-garden', body, gagManager)).status)
    expect([200, 201]).toContain(
      (
        await report(
          'grow-a-garden',
          { ...body, items: [{ item: 'carrot', quantity: 13 }] },
          { cookie: admin },
        )
      ).status,
    )
  })

  it('bad input is a 400 naming what is wrong, and writes nothing', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ item: `x-${i}`, quantity: 1 }))
    const cases: [string, unknown, RegExp][] = [
      ['adopt-me', { shop: 'seeds', items: [] }, /no stock tracker: "adopt-me"/],
      ['grow-a-garden', { shop: 'bakery', items: [] }, /Unknown shop "bakery" for Grow a Garden/],
      [
        'grow-a-garden',
        {
          shop: 'seeds',
          items: [
            { item: 'moon-cheese', quantity: 1 },
            { item: 'sun-jam', quantity: 1 },
          ],
        },
        /Unknown items for Grow a Garden: moon-cheese, sun-jam/,
      ],
      [
        'grow-a-garden',
        { shop: 'seeds', items: [{ item: 'carrot', quantity: 0 }] },
        /quantity must be a whole number from 1 to 999/,
      ],
      [
        'grow-a-garden',
        { shop: 'seeds', items: [{ item: 'carrot', quantity: 1000 }] },
        /quantity must be a whole number/,
      ],
      [
        'grow-a-garden',
        { shop: 'seeds', items: [{ item: 'carrot', quantity: 1.5 }] },
        /quantity must be a whole number/,
      ],
      [
        'grow-a-garden',
        { shop: 'seeds', items: [{ item: 'carrot', quantity: '3' }] },
        /quantity must be a whole number/,
      ],
      ['grow-a-garden', { shop: 'seeds', items: many }, /at most 100 items/],
      [
        'grow-a-garden',
        {
          shop: 'seeds',
          items: [
            { item: 'carrot', quantity: 1 },
            { item: 'carrot', quantity: 2 },
          ],
        },
        /carrot is listed twice/,
      ],
      [
        'grow-a-garden',
        { shop: 'seeds', items: [], observedAt: new Date(Date.now() + 3_600_000).toISOString() },
        /observedAt is in the future/,
      ],
      [
        'grow-a-garden',
        { shop: 'seeds', items: [], observedAt: new Date(Date.now() - 3_600_000).toISOString() },
        /outside the current restock window/,
      ],
      [
        'grow-a-garden',
        { shop: 'seeds', items: [], observedAt: 'yesterday' },
        /observedAt must be an ISO date/,
      ],
      ['grow-a-garden', { shop: 'weather', weather: 'snowpocalypse' }, /Unknown weather "snowpocalypse"/],
      ['grow-a-garden', { shop: 'seeds', items: [], extra: 1 }, /extra|Unrecognized/],
      ['grow-a-garden', {}, /Give shop and items/],
    ]
    const before = await reportCount()
    for (const [game, body, message] of cases) {
      const res = await report(game, body, { cookie: admin })
      const error = await errorOf(res)
      expect(error.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(error.message).toMatch(message)
    }
    const malformed = await t.app.request('/api/stock/grow-a-garden/reports', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie: admin, 'content-type': 'application/json' },
      body: '{"shop": "seeds",',
    })
    expect(malformed.status).toBe(400)
    expect(await reportCount()).toBe(before)
  })

  it('accepts the shape community bots post: item ids as they spell them, eggs as slots, weather', async () => {
    const token = (await newToken(gagManager.cookie, 'grow-a-garden', 'community bot')).token
    const now = Math.floor(Date.now() / 1000)
    const body = {
      seed_stock: [{ item_id: 'carrot', display_name: 'Carrot', quantity: 14, icon: 'x.png' }],
      gear_stock: [{ item_id: 'watering_can', display_name: 'Watering Can', quantity: 2 }],
      egg_stock: [
        { item_id: 'common_egg', display_name: 'Common Egg', quantity: 1 },
        { item_id: 'common_egg', display_name: 'Common Egg', quantity: 1 },
        { item_id: 'x', display_name: 'Legendary Egg', quantity: 1 },
      ],
      weather: [
        { weather_id: 'rain', active: true, start_duration_unix: now - 30, end_duration_unix: now + 270 },
      ],
    }
    const res = await report('grow-a-garden', body, { token })
    expect(res.status).toBe(201)
    const { results } = (await res.json()) as { results: StockReportResult[] }
    expect(results.map((r) => r.report.shop)).toEqual(['seeds', 'gear', 'eggs', 'weather'])
    expect(results[2]!.report.items).toEqual([
      { item: 'common-egg', quantity: 2 },
      { item: 'legendary-egg', quantity: 1 },
    ])
    expect(results[0]!.report.source).toEqual({ kind: 'bot', name: 'community bot' })
    // Bots post duplicates: the same again changes nothing.
    const again = await report('grow-a-garden', body, { token })
    expect(again.status).toBe(200)
    await expect
      .poll(async () => (await currentStock('grow-a-garden')).weather.map((w) => w.weather))
      .toContain('rain')
  })

  it('a community post with an unknown item stores nothing', async () => {
    const before = await reportCount()
    const res = await report(
      'grow-a-garden',
      {
        seed_stock: [{ item_id: 'carrot', quantity: 3 }],
        gear_stock: [{ item_id: 'laser_hoe', quantity: 1 }],
      },
      { cookie: admin },
    )
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toMatch(/laser-hoe/)
    expect(await reportCount()).toBe(before)
  })

  it('a visit or a weather lasts what the game lets it: it starts at most a day ago and lasts at most 6 h', async () => {
    const now = Date.now()
    const iso = (ms: number) => new Date(ms).toISOString()
    const unix = (ms: number) => Math.floor(ms / 1000)
    const merchant = { shop: 'traveling-merchant', items: [{ item: 'beanstalk', quantity: 1 }] }
    const cases: [unknown, RegExp][] = [
      // Our shape.
      [
        { shop: 'weather', weather: 'rain', startsAt: iso(now - 60_000), endsAt: '9999-12-31T23:59:59Z' },
        /Weather "rain" lasts at most 6 h: endsAt must be within 6 h of startsAt/,
      ],
      [
        { ...merchant, startsAt: '2000-01-01T00:00:00Z', endsAt: '9999-12-31T23:59:59Z' },
        /Traveling Merchant: startsAt is more than 24 h ago/,
      ],
      [
        { ...merchant, startsAt: iso(now - 60_000), endsAt: '9999-12-31T23:59:59Z' },
        /Traveling Merchant lasts at most 6 h/,
      ],
      [{ ...merchant, endsAt: iso(now + 7 * 3_600_000) }, /Traveling Merchant lasts at most 6 h/],
      [
        { ...merchant, observedAt: iso(now - 2 * 86_400_000), endsAt: iso(now + 60_000) },
        /Traveling Merchant: startsAt is more than 24 h ago/,
      ],
      // The bots' shape (JStudio's): unix seconds, up to the year 3000.
      [
        {
          weather: [
            {
              weather_id: 'rain',
              start_duration_unix: unix(now - 30_000),
              end_duration_unix: 32_503_680_000,
            },
          ],
        },
        /Weather "rain" lasts at most 6 h/,
      ],
      [
        {
          weather: [
            {
              weather_id: 'tornado',
              start_duration_unix: 946_684_800,
              end_duration_unix: unix(now + 60_000),
            },
          ],
        },
        /Weather "tornado": startsAt is more than 24 h ago/,
      ],
    ]
    const before = await reportCount()
    for (const [body, message] of cases) {
      const res = await report('grow-a-garden', body, gagManager)
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400)
      expect((await errorOf(res)).message).toMatch(message)
    }
    expect(await reportCount()).toBe(before)
    // Inside the bounds: a weather of 6 h, and a visit that began 23 h ago, reported late.
    const long = await report(
      'grow-a-garden',
      { shop: 'weather', weather: 'disco', startsAt: iso(now - 5 * 3_600_000), endsAt: iso(now + 3_600_000) },
      gagManager,
    )
    expect(long.status).toBe(201)
    const start = now - 23 * 3_600_000
    const late = await report(
      'grow-a-garden',
      { ...merchant, startsAt: iso(start), endsAt: iso(start + 1_800_000), observedAt: iso(start + 60_000) },
      gagManager,
    )
    expect(late.status).toBe(201)
  })

  it('a shop takes only what it sells: a pet in the seed shop, a game pass at the fruit dealer are refused', async () => {
    const cases: [string, unknown, string][] = [
      [
        'grow-a-garden',
        {
          shop: 'seeds',
          items: [
            { item: 'carrot', quantity: 3 },
            { item: 'kitsune', quantity: 1 },
          ],
        },
        'The Seed Shop does not sell kitsune (pet)',
      ],
      [
        'grow-a-garden',
        { shop: 'eggs', items: [{ item: 'watering-can', quantity: 1 }] },
        'The Egg Shop does not sell watering-can (gear)',
      ],
      [
        'grow-a-garden',
        { shop: 'traveling-merchant', items: [{ item: 'raccoon', quantity: 1 }] },
        'The Traveling Merchant does not sell raccoon (pet)',
      ],
      [
        'blox-fruits',
        { shop: 'normal', items: [{ item: 'dark-blade', quantity: 1 }] },
        'The Blox Fruit Dealer does not sell dark-blade (gamepass)',
      ],
      // The bots' shape.
      [
        'grow-a-garden',
        {
          seed_stock: [
            { item_id: 'Kitsune', display_name: 'Kitsune', quantity: 1 },
            { item_id: 'raccoon', quantity: 1 },
          ],
        },
        'The Seed Shop does not sell kitsune (pet), raccoon (pet)',
      ],
      [
        'grow-a-garden',
        { gear_stock: [{ item_id: 'rare_egg', display_name: 'Rare Egg', quantity: 1 }] },
        'The Gear Shop does not sell rare-egg (egg)',
      ],
    ]
    const before = [await reportCount('grow-a-garden'), await reportCount('blox-fruits')]
    for (const [game, body, message] of cases) {
      const res = await report(game, body, { cookie: admin })
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400)
      expect((await errorOf(res)).message).toBe(message)
    }
    expect([await reportCount('grow-a-garden'), await reportCount('blox-fruits')]).toEqual(before)
  })

  it('the traveling merchant is a visit: its report lasts until its end, and repeats join the open visit', async () => {
    const startsAt = new Date(Date.now() - 60_000).toISOString()
    const endsAt = new Date(Date.now() + 29 * 60_000).toISOString()
    const first = await report(
      'grow-a-garden',
      { shop: 'traveling-merchant', items: [{ item: 'beanstalk', quantity: 1 }], startsAt, endsAt },
      gagManager,
    )
    expect(first.status).toBe(201)
    const again = await report(
      'grow-a-garden',
      { shop: 'traveling-merchant', items: [{ item: 'beanstalk', quantity: 1 }] },
      gagManager,
    )
    expect(again.status).toBe(200)
    const visit = ((await again.json()) as StockReportResult).report
    expect(visit).toMatchObject({ windowStart: startsAt, windowEnd: endsAt })
  })
})
