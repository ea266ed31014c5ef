import { describe, expect, it } from 'vitest'
import { robloxAccounts } from '@/features/verification/tables'
import { send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { tradeBetween } from '@/test/trading'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
let robloxIds = 8_000_000 + (process.pid % 1000) * 1000

/** A middleman with a username and a verified Roblox account, signed in on instance `t`. */
async function middleman(t: TestApp) {
  const user = await signedInUser(t, freshEmail('mm'), ['middleman'])
  const id = ++robloxIds
  await send(t, '/api/profile/username', { body: { username: `mmc_${id}` }, cookie: user.cookie })
  await t.database.db
    .insert(robloxAccounts)
    .values({ userId: user.id, robloxId: id, name: `Mmc_${id}`, displayName: 'Mm' })
  return user
}

// Two server processes on one PostgreSQL: PGlite is one process's database, so this needs a server.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'middleman requests under concurrency (runs with TEST_DATABASE_URL)',
  () => {
    it('two claims at once on two instances: one 200, one 409; two requests at once: one 201, one 409', async () => {
      const a = await createTestApp()
      const b = await createTestApp({ sameDatabaseAs: a })
      try {
        const { owner, offerer, offerId } = await tradeBetween(a)
        const requests = await Promise.all([
          send(a, `/api/trade-offers/${offerId}/middleman`, { method: 'POST', cookie: offerer.cookie }),
          send(b, `/api/trade-offers/${offerId}/middleman`, { method: 'POST', cookie: owner.cookie }),
        ])
        expect(requests.map((r) => r.status).sort()).toEqual([201, 409])
        const { id } = (await requests.find((r) => r.status === 201)!.json()) as { id: number }
        const [first, second] = [await middleman(a), await middleman(b)]
        const claims = await Promise.all([
          send(a, `/api/middleman/requests/${id}/claim`, { method: 'POST', cookie: first.cookie }),
          send(b, `/api/middleman/requests/${id}/claim`, { method: 'POST', cookie: second.cookie }),
        ])
        expect(claims.map((r) => r.status).sort()).toEqual([200, 409])
      } finally {
        await b.close()
        await a.close()
      }
    })
  },
)
