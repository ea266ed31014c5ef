import { describe, expect, it } from 'vitest'
import { userRoles } from '@/features/roles/tables'
import { stockResponseSchema } from '@/features/stock/contract'
import { createMagicLinkUser, meOf, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { readEvents } from '@/test/sse'

// Two server processes on one PostgreSQL: PGlite is one process's database, so this needs a server.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'live stock across instances (runs with TEST_DATABASE_URL: two instances need one PostgreSQL)',
  () => {
    it('a report posted to instance A reaches an event stream of instance B', async () => {
      const a = await createTestApp()
      const b = await createTestApp({ sameDatabaseAs: a })
      try {
        const { cookie } = await createMagicLinkUser(a, 'manager@example.com')
        const { id } = await meOf(a, cookie)
        await a.database.db.insert(userRoles).values({ userId: id, role: 'grow-a-garden-stock-manager' })

        const events = readEvents(await send(b, '/api/stock/grow-a-garden/stream'))
        const first = await events.next()
        const postedAt = Date.now()
        const res = await send(a, '/api/stock/grow-a-garden/reports', {
          body: { shop: 'seeds', items: [{ item: 'carrot', quantity: 17 }] },
          cookie,
        })
        expect(res.status).toBe(201)
        const pushed = await events.next()
        // The time is reported, not asserted (a shared machine): `npm run bench:stock` measures it.
        console.info(
          `stock event from instance A reached a stream of instance B in ${Date.now() - postedAt} ms`,
        )
        expect(pushed.id).not.toBe(first.id)
        const stock = stockResponseSchema.parse(JSON.parse(pushed.data))
        expect(stock.shops.find((s) => s.id === 'seeds')?.report?.items).toEqual([
          { item: 'carrot', quantity: 17 },
        ])
        // B's answer to GET is the new stock too.
        const answer = stockResponseSchema.parse(await (await send(b, '/api/stock/grow-a-garden')).json())
        expect(answer.version).toBe(stock.version)
        await events.close()
      } finally {
        await b.close()
        await a.close()
      }
    })
  },
)
