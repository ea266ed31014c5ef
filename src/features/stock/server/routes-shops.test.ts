/**
 * Managing the shops and the catalog from the stock pages: moving a shop's clock, switching a shop off,
 * and adding an item the catalog lacks.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { shopSettingsSchema, windowAt } from '@/features/stock/contract'
import { auditLog } from '@/platform/server/lib/audit-tables'
import { errorOf, send } from '@/test/accounts'
import { heardWithTheCommit } from '@/test/cache-invalidation'
import {
  admin,
  bfManager,
  currentStock,
  gagManager,
  plainUser,
  report,
  setUpStockApp,
  t,
} from './routes-test-setup'
import { STOCK_CACHE_PREFIX } from './shops'

setUpStockApp()

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

  it("tells the other instances of a shop's change with its commit", async () => {
    const path = '/api/stock/blox-fruits/shops/normal'
    expect(
      await heardWithTheCommit(t, async () => {
        const res = await send(t, path, { method: 'PATCH', body: { name: 'Fruit Dealer' }, cookie: admin })
        expect(res.status).toBe(200)
        expect(shopSettingsSchema.parse(await res.json()).name).toBe('Fruit Dealer')
      }),
    ).toEqual([`${STOCK_CACHE_PREFIX}shops:blox-fruits`])
    await send(t, path, { method: 'PATCH', body: { name: 'Blox Fruit Dealer' }, cookie: admin })
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
