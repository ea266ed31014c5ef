import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { auditLog, userRoles } from '@/features/roles/tables'
import {
  type CreatedToken,
  type StockHistoryResponse,
  type StockItemStats,
  type StockReportResult,
  type StockResponse,
  shopSettingsSchema,
  stockResponseSchema,
  tokenListResponseSchema,
  windowAt,
} from '@/features/stock/contract'
import { stockReports } from '@/features/stock/tables'
import { users } from '@/platform/server/auth/tables'
import { LiveHub } from '@/platform/server/lib/live'
import { createMagicLinkUser, createUserWithUsername, errorOf, meOf, send } from '@/test/accounts'
import { createTestApp, served, TEST_ORIGIN } from '@/test/app'
import { readEvents } from '@/test/sse'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const PRIMARY = 'stock-admin@example.com'
let t: TestApp
let n = 0
let admin: string

/** A signed-in user of a fresh address, with these roles granted in user_roles. */
async function userWith(roles: string[] = [], username?: string) {
  const email = `stock-user-${++n}@example.com`
  const { cookie } = username
    ? await createUserWithUsername(t, email, username, { magicLink: true })
    : await createMagicLinkUser(t, email)
  const { id } = await meOf(t, cookie)
  if (roles.length) await t.database.db.insert(userRoles).values(roles.map((role) => ({ userId: id, role })))
  return { email, cookie, id }
}

const report = (game: string, body: unknown, auth: { cookie?: string; token?: string } = {}) =>
  send(t, `/api/stock/${game}/reports`, {
    body,
    cookie: auth.cookie,
    headers: auth.token ? { authorization: `Bearer ${auth.token}` } : {},
  })

async function reportCount(game = 'grow-a-garden', app: TestApp = t) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(stockReports)
    .where(eq(stockReports.gameId, game))
  return row!.n
}

async function currentStock(game: string, app: TestApp = t): Promise<StockResponse> {
  const res = await send(app, `/api/stock/${game}`)
  expect(res.status).toBe(200)
  return stockResponseSchema.parse(await res.json())
}

/**
 * A report of this one item that is sure to change the shop's stock: a quantity no report of the shop
 * has had for it, whatever other tests posted to the same window before.
 */
async function changedStock(game: string, shop: string, item: string) {
  const rows = await t.database.db
    .select({ items: stockReports.items })
    .from(stockReports)
    .where(and(eq(stockReports.gameId, game), eq(stockReports.shop, shop)))
  const taken = new Set(rows.flatMap((r) => r.items.filter((i) => i.item === item).map((i) => i.quantity)))
  const quantity = Array.from({ length: 999 }, (_, i) => i + 1).find((q) => !taken.has(q))!
  return { shop, items: [{ item, quantity }] }
}

async function newToken(cookie: string, game = 'grow-a-garden', name = 'bot') {
  const res = await send(t, `/api/stock/${game}/tokens`, { body: { name }, cookie })
  expect(res.status).toBe(201)
  return (await res.json()) as CreatedToken
}

let gagManager: Awaited<ReturnType<typeof userWith>>
let bfManager: Awaited<ReturnType<typeof userWith>>
let plainUser: Awaited<ReturnType<typeof userWith>>

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_EMAIL: PRIMARY },
    limits: {
      stock: {
        reportsPerToken: { max: 1000, windowSeconds: 60 },
        failedTokensPerAddress: { max: 1000, windowSeconds: 60 },
      },
    },
  })
  admin = (await createMagicLinkUser(t, PRIMARY)).cookie
  gagManager = await userWith(['grow-a-garden-stock-manager'], 'seed_keeper')
  bfManager = await userWith(['blox-fruits-stock-manager'])
  plainUser = await userWith()
})
afterAll(() => t.close())

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

describe('ingest tokens', () => {
  it('a manager creates a token (shown once, 32 random bytes), a bot reports with it, the list shows its use', async () => {
    const created = await newToken(gagManager.cookie, 'grow-a-garden', 'garden bot')
    expect(created.token).toMatch(/^thst_[A-Za-z0-9_-]{43}$/)
    const res = await report(
      'grow-a-garden',
      { shop: 'gear', items: [{ item: 'watering-can', quantity: 3 }] },
      { token: created.token },
    )
    expect([200, 201]).toContain(res.status)
    const list = await send(t, '/api/stock/grow-a-garden/tokens', { cookie: gagManager.cookie })
    expect(list.headers.get('cache-control')).toBe('private, no-store')
    const body = (await list.json()) as { tokens: Record<string, unknown>[] }
    const mine = body.tokens.find((x) => x.id === created.id)!
    expect(mine).toMatchObject({ name: 'garden bot', revokedAt: null, createdBy: gagManager.email })
    expect(mine.lastUsedAt).not.toBeNull()
    expect(JSON.stringify(body)).not.toContain(created.token)
  })

  it('a wrong or revoked token is 401, another game’s 403; nothing is written', async () => {
    const created = await newToken(gagManager.cookie)
    const bf = await newToken(bfManager.cookie, 'blox-fruits')
    const body = { shop: 'seeds', items: [{ item: 'carrot', quantity: 5 }] }
    const before = await reportCount()
    expect((await report('grow-a-garden', body, { token: 'thst_wrong' })).status).toBe(401)
    expect((await report('grow-a-garden', body, { token: bf.token })).status).toBe(403)
    const revoked = await send(t, `/api/stock/grow-a-garden/tokens/${created.id}`, {
      method: 'DELETE',
      cookie: gagManager.cookie,
    })
    expect(revoked.status).toBe(204)
    const res = await report('grow-a-garden', body, { token: created.token })
    expect(res.status).toBe(401)
    expect((await errorOf(res)).message).toBe('This ingest token was revoked')
    expect(await reportCount()).toBe(before)
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'stock.token-revoke'))
    expect(audits.some((a) => (a.detail as { token?: number }).token === created.id)).toBe(true)
  })

  it('token routes are for the game’s stock managers: visitor 401, user 403, other game 403, admin yes', async () => {
    const path = '/api/stock/grow-a-garden/tokens'
    expect((await send(t, path)).status).toBe(401)
    expect((await send(t, path, { cookie: plainUser.cookie })).status).toBe(403)
    expect((await send(t, path, { cookie: bfManager.cookie })).status).toBe(403)
    expect((await send(t, path, { body: { name: 'x' }, cookie: bfManager.cookie })).status).toBe(403)
    expect((await send(t, `${path}/1`, { method: 'DELETE', cookie: plainUser.cookie })).status).toBe(403)
    expect((await send(t, path, { cookie: admin })).status).toBe(200)
    expect((await errorOf(await send(t, path, { body: { name: '  ' }, cookie: admin }))).message).toMatch(
      /Give the token a name/,
    )
    // Another game's token cannot be revoked through this game.
    const bf = await newToken(bfManager.cookie, 'blox-fruits')
    expect((await send(t, `${path}/${bf.id}`, { method: 'DELETE', cookie: admin })).status).toBe(404)
    expect((await send(t, `${path}/abc`, { method: 'DELETE', cookie: admin })).status).toBe(400)
  })

  it('a token may post 60 reports a minute; the next is a 429 with Retry-After', async () => {
    const limited = await createTestApp({
      catalog: false,
      limits: { stock: { reportsPerToken: { max: 2, windowSeconds: 60 } } },
    })
    try {
      const { cookie } = await createMagicLinkUser(limited, 'owner@example.com')
      const { id } = await meOf(limited, cookie)
      await limited.database.db.insert(userRoles).values({ userId: id, role: 'blox-fruits-stock-manager' })
      const created = (await (
        await send(limited, '/api/stock/blox-fruits/tokens', { body: { name: 'fast bot' }, cookie })
      ).json()) as CreatedToken
      const post = () =>
        send(limited, '/api/stock/blox-fruits/reports', {
          body: { shop: 'normal', items: [] },
          headers: { authorization: `Bearer ${created.token}` },
        })
      expect((await post()).status).not.toBe(429)
      expect((await post()).status).not.toBe(429)
      const third = await post()
      expect(third.status).toBe(429)
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })
})

describe('who reports is known before the report is read', () => {
  const malformed = (headers: Record<string, string>) =>
    t.app.request('/api/stock/grow-a-garden/reports', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
      body: '{"shop": "seeds",',
    })

  it('a bad token, a visitor, a user without the role: 401 or 403 whatever the body; a manager’s bad body is a 400', async () => {
    expect(await errorOf(await malformed({ authorization: 'Bearer thst_wrong' }))).toMatchObject({
      status: 401,
      message: 'This ingest token is not valid',
    })
    expect((await malformed({ authorization: 'Basic abc' })).status).toBe(401)
    expect((await malformed({})).status).toBe(401)
    expect((await malformed({ cookie: plainUser.cookie })).status).toBe(403)
    expect((await malformed({ cookie: bfManager.cookie })).status).toBe(403)
    expect((await malformed({ cookie: gagManager.cookie })).status).toBe(400)
  })

  it('refused token attempts are limited per address: past the limit a 429 with Retry-After, another address unaffected', async () => {
    const limited = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      limits: { stock: { failedTokensPerAddress: { max: 3, windowSeconds: 600 } } },
    })
    try {
      const { cookie } = await createMagicLinkUser(limited, 'token-owner@example.com')
      const { id } = await meOf(limited, cookie)
      await limited.database.db.insert(userRoles).values({ userId: id, role: 'blox-fruits-stock-manager' })
      const created = (await (
        await send(limited, '/api/stock/blox-fruits/tokens', { body: { name: 'real bot' }, cookie })
      ).json()) as CreatedToken
      const post = (ip: string, token: string) =>
        send(limited, '/api/stock/blox-fruits/reports', {
          body: { shop: 'normal', items: [] },
          headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
        })
      for (const guess of ['thst_a', 'thst_b', 'thst_c'])
        expect((await post('198.51.100.7', guess)).status).toBe(401)
      const refused = await post('198.51.100.7', 'thst_d')
      expect(await errorOf(refused.clone())).toMatchObject({
        status: 429,
        message: 'Too many refused ingest tokens from this address. Try again in a few minutes.',
      })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      // Until the window ends the address's token posts are refused unread, a real token's too.
      expect((await post('198.51.100.7', created.token)).status).toBe(429)
      // Another address is not affected.
      expect((await post('198.51.100.8', 'thst_e')).status).toBe(401)
      expect([200, 201]).toContain((await post('198.51.100.8', created.token)).status)
    } finally {
      await limited.close()
    }
  })
})

describe('ingest tokens follow their creator’s rights', () => {
  const tokenOf = async (game: string, id: number) => {
    const res = await send(t, `/api/stock/${game}/tokens`, { cookie: admin })
    expect(res.status).toBe(200)
    const { tokens } = tokenListResponseSchema.parse(await res.json())
    return tokens.find((x) => x.id === id)!
  }
  const seeds = () => ({ shop: 'seeds', items: [{ item: 'carrot', quantity: (Date.now() % 900) + 1 }] })

  it('a manager’s token is refused once the role is removed, and the list says why; the role granted again, it works again', async () => {
    const manager = await userWith(['grow-a-garden-stock-manager'])
    const created = await newToken(manager.cookie, 'grow-a-garden', 'role bot')
    expect([200, 201]).toContain((await report('grow-a-garden', seeds(), { token: created.token })).status)
    expect((await tokenOf('grow-a-garden', created.id)).stoppedReason).toBeNull()

    const removed = await send(t, `/api/admin/roles/grow-a-garden-stock-manager/${manager.id}`, {
      method: 'DELETE',
      cookie: admin,
    })
    expect(removed.status).toBe(204)
    const before = await reportCount()
    const refused = await report('grow-a-garden', seeds(), { token: created.token })
    expect(await errorOf(refused)).toMatchObject({
      status: 403,
      message: 'This ingest token stopped working: its creator can no longer manage Grow a Garden',
    })
    expect(await reportCount()).toBe(before)
    expect(await tokenOf('grow-a-garden', created.id)).toMatchObject({
      revokedAt: null,
      stoppedReason: 'creator-not-manager',
    })

    const granted = await send(t, '/api/admin/roles', {
      body: { email: manager.email, role: 'grow-a-garden-stock-manager' },
      cookie: admin,
    })
    expect(granted.status).toBe(201)
    expect([200, 201]).toContain((await report('grow-a-garden', seeds(), { token: created.token })).status)
    expect((await tokenOf('grow-a-garden', created.id)).stoppedReason).toBeNull()
  })

  it('a suspended creator’s token is refused, and the list says so', async () => {
    const manager = await userWith(['grow-a-garden-stock-manager'])
    const created = await newToken(manager.cookie, 'grow-a-garden', 'suspended bot')
    const suspended = await send(t, `/api/admin/users/${manager.id}/suspend`, {
      body: { reason: 'Posting fake stock' },
      cookie: admin,
    })
    expect(suspended.status).toBe(200)
    const before = await reportCount()
    const refused = await report('grow-a-garden', seeds(), { token: created.token })
    expect(refused.status).toBe(403)
    expect(await reportCount()).toBe(before)
    expect((await tokenOf('grow-a-garden', created.id)).stoppedReason).toBe('creator-suspended')
  })

  it('the token of a deleted account is refused, and the list says so', async () => {
    const manager = await userWith(['grow-a-garden-stock-manager'])
    const created = await newToken(manager.cookie, 'grow-a-garden', 'orphan bot')
    await t.database.db.delete(users).where(eq(users.id, manager.id))
    expect((await report('grow-a-garden', seeds(), { token: created.token })).status).toBe(403)
    expect(await tokenOf('grow-a-garden', created.id)).toMatchObject({
      createdBy: null,
      stoppedReason: 'creator-gone',
    })
  })

  it('an admin’s token works while they are admin, and stops when they are not', async () => {
    const other = await userWith(['admin'])
    const created = await newToken(other.cookie, 'blox-fruits', 'admin bot')
    const fruit = () => ({ shop: 'normal', items: [{ item: 'dough', quantity: (Date.now() % 900) + 1 }] })
    expect([200, 201]).toContain((await report('blox-fruits', fruit(), { token: created.token })).status)
    expect((await tokenOf('blox-fruits', created.id)).stoppedReason).toBeNull()
    const removed = await send(t, `/api/admin/roles/admin/${other.id}`, { method: 'DELETE', cookie: admin })
    expect(removed.status).toBe(204)
    expect((await report('blox-fruits', fruit(), { token: created.token })).status).toBe(403)
    expect((await tokenOf('blox-fruits', created.id)).stoppedReason).toBe('creator-not-manager')
  })

  it('the primary admin’s token works (the primary admin needs no role)', async () => {
    const created = await newToken(admin, 'blox-fruits', 'primary bot')
    const res = await report(
      'blox-fruits',
      { shop: 'mirage', items: [{ item: 'dough', quantity: (Date.now() % 900) + 1 }] },
      { token: created.token },
    )
    expect([200, 201]).toContain(res.status)
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

describe('shops and catalog additions', () => {
  it('an admin moves the Blox Fruits clock (no deploy); a manager may not; the change is audited', async () => {
    const path = '/api/stock/blox-fruits/shops/normal'
    expect(
      (await send(t, path, { method: 'PATCH', body: { offsetSeconds: 3600 }, cookie: bfManager.cookie }))
        .status,
    ).toBe(403)
    const res = await send(t, path, { method: 'PATCH', body: { offsetSeconds: 3600 }, cookie: admin })
    expect(res.status).toBe(200)
    expect(shopSettingsSchema.parse(await res.json())).toMatchObject({ id: 'normal', offsetSeconds: 3600 })
    await expect.poll(async () => (await currentStock('blox-fruits')).shops[0]!.offsetSeconds).toBe(3600)
    const stock = await currentStock('blox-fruits')
    const window = windowAt({ periodSeconds: 14_400, offsetSeconds: 3600 }, Date.parse(stock.generatedAt))
    expect(stock.shops[0]!.windowStart).toBe(new Date(window.start).toISOString())
    expect(new Date(window.start).getUTCHours() % 4).toBe(1)
    const bad = await send(t, path, { method: 'PATCH', body: { periodSeconds: 5 }, cookie: admin })
    expect(bad.status).toBe(400)
    expect(
      (
        await send(t, '/api/stock/blox-fruits/shops/bakery', {
          method: 'PATCH',
          body: { enabled: false },
          cookie: admin,
        })
      ).status,
    ).toBe(404)
    await send(t, path, { method: 'PATCH', body: { offsetSeconds: 0 }, cookie: admin })
  })

  it('an admin switches the event shop off: it leaves the page and takes no reports', async () => {
    const path = '/api/stock/grow-a-garden/shops/event'
    expect(
      (
        await send(t, path, {
          method: 'PATCH',
          body: { enabled: false, name: 'Harvest Shop' },
          cookie: admin,
        })
      ).status,
    ).toBe(200)
    await expect
      .poll(async () => (await currentStock('grow-a-garden')).shops.map((s) => s.id))
      .not.toContain('event')
    const res = await report('grow-a-garden', { shop: 'event', items: [] }, gagManager)
    expect((await errorOf(res)).message).toBe('Harvest Shop is switched off')
    await send(t, path, { method: 'PATCH', body: { enabled: true }, cookie: admin })
  })

  it('a stock manager adds a missing item; it can be reported at once; twice is a 409', async () => {
    const path = '/api/stock/grow-a-garden/items'
    const body = { name: 'Gnome Crate', category: 'cosmetic', rarity: 'Rare' }
    expect((await send(t, path, { body, cookie: plainUser.cookie })).status).toBe(403)
    const res = await send(t, path, { body, cookie: gagManager.cookie })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 'gnome-crate', name: 'Gnome Crate' })
    expect((await send(t, path, { body, cookie: gagManager.cookie })).status).toBe(409)
    expect(
      (await errorOf(await send(t, path, { body: { ...body, name: 'X Y', category: 'pet' }, cookie: admin })))
        .message,
    ).toBe('Unknown category "pet"')
    const posted = await report(
      'grow-a-garden',
      { shop: 'cosmetics', items: [{ item: 'gnome-crate', quantity: 1 }] },
      gagManager,
    )
    expect([200, 201]).toContain(posted.status)
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'stock.item-add'))
    expect(audits.at(-1)?.detail).toMatchObject({ game: 'grow-a-garden', item: 'gnome-crate' })
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
