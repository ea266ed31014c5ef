import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyItemChanges } from '@/features/catalog/server/public'
import { stockResponseSchema } from '@/features/stock/contract'
import { createMagicLinkUser, meOf, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { readEvents } from '@/test/sse'
import { STOCK_CHANNEL } from './live'
import { postReport } from './report-writes'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('live stock', () => {
  it('two announcements heard together, both after the change, still bring the new stock to the streams', async () => {
    const { cookie } = await createMagicLinkUser(t, 'dealer-manager@example.com')
    const me = await meOf(t, cookie)
    const events = readEvents(await send(t, '/api/live?stock=blox-fruits'))
    const first = stockResponseSchema.parse(JSON.parse((await events.next()).data))

    // A report stored without its announcement, then two announcements at once (as two reports posted
    // close together bring): both rebuilds read the new stock, and neither finds it new next to the other.
    const quiet = { db: t.database.db, cache: t.cache, announce: async () => {} }
    const reporter = {
      kind: 'manager',
      userId: me.id,
      email: me.email!,
      name: 'dealer',
      ip: '127.0.0.1',
    } as const
    await postReport(quiet, 'blox-fruits', { shop: 'mirage', items: [{ item: 'dough' }] }, reporter)
    await t.database.db.execute(
      sql`select pg_notify(${STOCK_CHANNEL}, ''), pg_notify(${STOCK_CHANNEL}, 'blox-fruits')`,
    )

    const pushed = await events.next()
    const stock = stockResponseSchema.parse(JSON.parse(pushed.data))
    expect(stock.version).not.toBe(first.version)
    expect(stock.shops.find((s) => s.id === 'mirage')?.report?.items).toEqual([
      { item: 'dough', quantity: null },
    ])
    await events.close()
  })

  it("a change of an item in stock (its name, value or picture) reaches the stock's streams", async () => {
    const { cookie } = await createMagicLinkUser(t, 'seed-manager@example.com')
    const me = await meOf(t, cookie)
    const reporter = {
      kind: 'manager',
      userId: me.id,
      email: me.email!,
      name: 'seeds',
      ip: '127.0.0.1',
    } as const
    // The stream opens first: the report's announcement reaches the snapshot when it is heard, so the
    // test waits for the stock that lists Carrot rather than assuming the first event already does.
    const events = readEvents(await send(t, '/api/live?stock=grow-a-garden'))
    const next = async () => stockResponseSchema.parse(JSON.parse((await events.next()).data))
    const deps = { db: t.database.db, cache: t.cache, announce: async () => {} }
    await postReport(
      deps,
      'grow-a-garden',
      { shop: 'seeds', items: [{ item: 'carrot', quantity: 5 }] },
      reporter,
    )
    await t.database.db.execute(sql`select pg_notify(${STOCK_CHANNEL}, 'grow-a-garden')`)
    let first = await next()
    while (!first.items.carrot) first = await next()
    expect(first.items.carrot.name).toBe('Carrot')

    // The catalog's own write, as the value team's editor, an import or a picture makes it: no stock report.
    await applyItemChanges(
      { db: t.database.db, cache: t.cache },
      'grow-a-garden',
      [{ itemId: 'carrot', patch: { name: 'Golden Carrot' } }],
      { by: null, source: 'editor', reason: 'Renamed in the game' },
    )
    let pushed = first
    while (pushed.version === first.version)
      pushed = stockResponseSchema.parse(JSON.parse((await events.next()).data))
    expect(pushed.items.carrot?.name).toBe('Golden Carrot')
    await events.close()
  })
})
