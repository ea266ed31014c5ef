/**
 * What stock input may name: a weather is one of the game's own (never a property every object has), and
 * the names people read elsewhere (item, token, merchant and shop names reach notification titles, mail
 * subjects, logs and preview images) hold no control or format characters.
 */
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { items } from '@/features/catalog/tables'
import { stockIngestTokens, stockReports } from '@/features/stock/tables'
import { createMagicLinkUser, errorOf, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const ADMIN = 'stock-input-admin@example.com'
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']
/** A line break, a terminal escape code (red text) and the right-to-left override that turns text around. */
const CONTROL_NAMES = ['Evil\r\nCrate', 'Evil\u001b[31mCrate', 'Evil\u202eetarC']

let t: TestApp
let admin: string

const countOf = async (table: typeof stockReports | typeof stockIngestTokens | typeof items) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: ADMIN } })
  admin = (await createMagicLinkUser(t, ADMIN)).cookie
})
afterAll(() => t.close())

describe('weather reports', () => {
  it('a weather named like a built-in property of every object is unknown: 400, nothing stored', async () => {
    const before = await countOf(stockReports)
    for (const weather of PROTOTYPE_NAMES) {
      const ours = await send(t, '/api/stock/grow-a-garden/reports', {
        body: { shop: 'weather', weather },
        cookie: admin,
      })
      expect(ours.status, weather).toBe(400)
      expect((await errorOf(ours)).message).toBe(`Unknown weather "${weather}"`)
      const bots = await send(t, '/api/stock/grow-a-garden/reports', {
        body: { weather: [{ weather_id: weather, active: true }] },
        cookie: admin,
      })
      expect(bots.status, weather).toBe(400)
      expect((await errorOf(bots)).message).toBe(`Unknown weather "${weather}"`)
    }
    expect(await countOf(stockReports)).toBe(before)
    const stock = await (await send(t, '/api/stock/grow-a-garden')).json()
    expect(stock.weather).toEqual([])
  })

  it('a list key named like a built-in property is no bot list', async () => {
    for (const key of PROTOTYPE_NAMES.filter((k) => k !== '__proto__')) {
      const res = await send(t, '/api/stock/grow-a-garden/reports', { body: { [key]: [] }, cookie: admin })
      expect(res.status, key).toBe(400)
      expect((await errorOf(res)).message).toMatch(/^Give shop and items/)
    }
  })
})

describe('history filters', () => {
  it('a shop or item the game does not have is a 400 naming it, a prototype name included', async () => {
    for (const shop of [...PROTOTYPE_NAMES, 'bakery']) {
      const res = await send(t, `/api/stock/grow-a-garden/history?shop=${shop}`)
      expect(res.status, shop).toBe(400)
      expect((await errorOf(res)).message).toBe(`Unknown shop "${shop}" for Grow a Garden`)
    }
    for (const item of ['constructor', 'prototype', 'moon-cheese']) {
      const res = await send(t, `/api/stock/grow-a-garden/history?item=${item}`)
      expect(res.status, item).toBe(400)
      expect((await errorOf(res)).message).toBe(`Unknown item for Grow a Garden: ${item}`)
    }
    for (const query of ['shop=seeds', 'shop=weather', 'shop=traveling-merchant', 'item=carrot']) {
      expect((await send(t, `/api/stock/grow-a-garden/history?${query}`)).status, query).toBe(200)
    }
    const mirage = await send(t, '/api/stock/grow-a-garden/history?shop=mirage')
    expect((await errorOf(mirage)).message).toBe('Unknown shop "mirage" for Grow a Garden')
    const weather = await send(t, '/api/stock/blox-fruits/history?shop=weather')
    expect((await errorOf(weather)).message).toBe('Unknown shop "weather" for Blox Fruits')
  })
})

describe('names people read elsewhere hold no control characters', () => {
  it('a stock item’s name: 400 saying so, no item added', async () => {
    const before = await countOf(items)
    for (const name of CONTROL_NAMES) {
      const res = await send(t, '/api/stock/grow-a-garden/items', {
        body: { name, category: 'cosmetic', rarity: 'Rare' },
        cookie: admin,
      })
      expect(res.status, JSON.stringify(name)).toBe(400)
      expect((await errorOf(res)).message).toBe('name: name cannot contain control characters')
    }
    expect(await countOf(items)).toBe(before)
  })

  it('an ingest token’s name: 400 saying so, no token made', async () => {
    const before = await countOf(stockIngestTokens)
    for (const name of CONTROL_NAMES) {
      const res = await send(t, '/api/stock/grow-a-garden/tokens', { body: { name }, cookie: admin })
      expect(res.status, JSON.stringify(name)).toBe(400)
      expect((await errorOf(res)).message).toBe('name: name cannot contain control characters')
    }
    expect(await countOf(stockIngestTokens)).toBe(before)
  })

  it('a traveling merchant’s name in a bot’s post: 400 saying so, nothing stored', async () => {
    const before = await countOf(stockReports)
    for (const merchantName of CONTROL_NAMES) {
      const res = await send(t, '/api/stock/grow-a-garden/reports', {
        body: { travelingmerchant_stock: { merchantName, stock: [{ item_id: 'carrot', quantity: 1 }] } },
        cookie: admin,
      })
      expect(res.status, JSON.stringify(merchantName)).toBe(400)
      expect((await errorOf(res)).message).toBe(
        'travelingmerchant_stock.merchantName: merchantName cannot contain control characters',
      )
    }
    expect(await countOf(stockReports)).toBe(before)
  })

  it('a shop’s name: 400 saying so, the name kept', async () => {
    for (const name of CONTROL_NAMES) {
      const res = await send(t, '/api/stock/blox-fruits/shops/normal', {
        method: 'PATCH',
        body: { name },
        cookie: admin,
      })
      expect(res.status, JSON.stringify(name)).toBe(400)
      expect((await errorOf(res)).message).toBe('name: name cannot contain control characters')
    }
    const shops = await (await send(t, '/api/stock/blox-fruits/shops', { cookie: admin })).json()
    expect(shops.shops.find((s: { id: string }) => s.id === 'normal').name).toBe('Blox Fruit Dealer')
  })

  it('other names are kept as typed: accents, emoji and apostrophes', async () => {
    const res = await send(t, '/api/stock/grow-a-garden/items', {
      body: { name: 'Crème Brûlée’s Crate 🍮', category: 'cosmetic', rarity: 'Rare' },
      cookie: admin,
    })
    expect(res.status).toBe(201)
    const [row] = await t.database.db.select().from(items).where(eq(items.name, 'Crème Brûlée’s Crate 🍮'))
    expect(row?.gameId).toBe('grow-a-garden')
  })
})
