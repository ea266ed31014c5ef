import { describe, expect, it } from 'vitest'
import { send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { tradeBetween } from '@/test/trading'

// Two server processes on one PostgreSQL: PGlite is one process's database, so this needs a server.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'one open dispute per trade under concurrency (runs with TEST_DATABASE_URL)',
  () => {
    it('two opens at once, on two instances: one 201, one 409', async () => {
      const a = await createTestApp()
      const b = await createTestApp({ sameDatabaseAs: a })
      try {
        const { owner, offerer, offerId } = await tradeBetween(a)
        for (let round = 0; round < 3; round++) {
          const statuses = await Promise.all([
            Promise.resolve(
              send(a, `/api/trade-offers/${offerId}/dispute`, {
                body: { reason: 'scam', details: `From the offerer ${round}` },
                cookie: offerer.cookie,
              }),
            ).then((r) => r.status),
            Promise.resolve(
              send(b, `/api/trade-offers/${offerId}/dispute`, {
                body: { reason: 'other', details: `From the owner ${round}` },
                cookie: owner.cookie,
              }),
            ).then((r) => r.status),
          ])
          expect(statuses.sort()).toEqual(round === 0 ? [201, 409] : [409, 409])
        }
      } finally {
        await b.close()
        await a.close()
      }
    })
  },
)
