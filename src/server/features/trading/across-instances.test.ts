import { describe, expect, it, vi } from 'vitest'
import { createLogger } from '@/server/lib/logger'
import { tradeAdsResponseSchema, tradeMessageSchema } from '@/shared/trading'
import { send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { readEvents } from '@/test/sse'
import { TRADING_CACHE_PREFIX } from './deps'
import { tradingLiveOf } from './live'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Resolves with the first prefix the instance's cache drops, as told by another instance. */
function nextInvalidation(t: TestApp): Promise<string> {
  const invalidateLocal = t.cache.invalidateLocal.bind(t.cache)
  return new Promise((resolve) => {
    vi.spyOn(t.cache, 'invalidateLocal').mockImplementation((prefix) => {
      invalidateLocal(prefix)
      resolve(prefix)
    })
  })
}

async function traderOn(t: TestApp, name: string) {
  const user = await signedInUser(t, freshEmail(name))
  const username = `${name}_${process.pid % 1000}_${Date.now() % 100_000}`
  expect((await send(t, '/api/profile/username', { body: { username }, cookie: user.cookie })).status).toBe(
    200,
  )
  return { ...user, username }
}

// Two server processes on one PostgreSQL: PGlite is one process's database, so this needs a server.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the marketplace across instances (runs with TEST_DATABASE_URL: two instances need one PostgreSQL)',
  () => {
    it("a new ad on one instance drops the other's cached list; a message reaches a stream on the other", async () => {
      const a = await createTestApp()
      const b = await createTestApp({ sameDatabaseAs: a })
      try {
        const [owner, offerer] = [await traderOn(a, 'own'), await traderOn(a, 'off')]
        const list = async () =>
          tradeAdsResponseSchema.parse(await (await send(b, `/api/trade-ads?user=${owner.username}`)).json())
        expect((await list()).total).toBe(0) // B now answers from its cache
        const heard = nextInvalidation(b)
        const posted = await send(a, '/api/trade-ads', {
          body: { game: 'blox-fruits', offering: [{ item: 'kitsune' }], tags: ['any'] },
          cookie: owner.cookie,
        })
        expect(posted.status).toBe(201)
        expect(await heard).toBe(TRADING_CACHE_PREFIX)
        const { ads } = await list()
        expect(ads.map((ad) => ad.owner.username)).toEqual([owner.username])

        const offered = await send(a, `/api/trade-ads/${ads[0]!.id}/offers`, {
          body: { offering: [{ item: 'dough' }] },
          cookie: offerer.cookie,
        })
        const { id: offerId } = (await offered.json()) as { id: number }
        // The offerer's tab is on B, the owner writes on A.
        await tradingLiveOf({ database: b.database, logger: createLogger('silent') }).ready
        const live = readEvents(await send(b, '/api/live', { cookie: offerer.cookie }))
        expect((await live.next()).event).toBe('notifications') // the stream is open
        const written = await send(a, `/api/trade-offers/${offerId}/messages`, {
          body: { body: 'Ready when you are' },
          cookie: owner.cookie,
        })
        expect(written.status).toBe(201)
        let event = await live.next()
        while (event.event !== 'trade-message') event = await live.next()
        expect(tradeMessageSchema.parse(JSON.parse(event.data)).body).toBe('Ready when you are')
        await live.close()
      } finally {
        await b.close()
        await a.close()
      }
    })
  },
)
