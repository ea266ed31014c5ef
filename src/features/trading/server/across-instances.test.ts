import { and, eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { notifications } from '@/features/notifications/server/public'
import { tradeAdsResponseSchema, tradeMessageSchema } from '@/features/trading/contract'
import { tradeAds } from '@/features/trading/tables'
import { createLogger } from '@/platform/server/lib/logger'
import { send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { readEvents } from '@/test/sse'
import { sweepAds } from './ads'
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

    it('a write on one instance shows on the other in the read right after its answer, 20 times in 20', async () => {
      const a = await createTestApp({
        limits: { trading: { adsPerDay: { max: 100, windowSeconds: 86_400 } } },
      })
      const b = await createTestApp({ sameDatabaseAs: a })
      try {
        const owner = await traderOn(a, 'ryw')
        const totalOnB = async () =>
          tradeAdsResponseSchema.parse(await (await send(b, `/api/trade-ads?user=${owner.username}`)).json())
            .total
        const stale: number[] = []
        let adId = 0
        for (let write = 0; write < 20; write++) {
          const open = write % 2 === 0 // post an ad, then close it
          await expect.poll(totalOnB).toBe(open ? 0 : 1) // the previous write arrived; B answers from its cache
          if (open) {
            const posted = await send(a, '/api/trade-ads', {
              body: { game: 'blox-fruits', offering: [{ item: 'kitsune' }], tags: ['any'] },
              cookie: owner.cookie,
            })
            expect(posted.status).toBe(201)
            adId = ((await posted.json()) as { id: number }).id
          } else {
            const closed = await send(a, `/api/trade-ads/${adId}`, { method: 'DELETE', cookie: owner.cookie })
            expect(closed.status).toBe(200)
          }
          // What B's LISTEN connection has been sent by now, B has heard: what was committed when A
          // answered, and nothing later. (A request from a client reaches B no sooner than this.)
          await b.database.heardAll()
          if ((await totalOnB()) !== (open ? 1 : 0)) stale.push(write)
        }
        expect(stale).toEqual([])
      } finally {
        await b.close()
        await a.close()
      }
    })

    it("an ad ends on both instances on the server's clock; two workers sweeping at once warn and expire it once", async () => {
      let ahead = 0
      const clock = () => new Date(Date.now() + ahead)
      const a = await createTestApp({ clock })
      const b = await createTestApp({ sameDatabaseAs: a, clock })
      const HOUR = 60 * 60 * 1000
      try {
        const owner = await traderOn(a, 'exp')
        const posted = await send(a, '/api/trade-ads', {
          body: { game: 'blox-fruits', offering: [{ item: 'kitsune' }], tags: ['any'], hours: 6 },
          cookie: owner.cookie,
        })
        expect(posted.status).toBe(201)
        const { id } = (await posted.json()) as { id: number }
        const totalOn = async (t: TestApp) =>
          tradeAdsResponseSchema.parse(await (await send(t, `/api/trade-ads?user=${owner.username}`)).json())
            .total
        expect([await totalOn(a), await totalOn(b)]).toEqual([1, 1]) // both now answer from their caches
        const sweepBoth = () =>
          Promise.all(
            [a, b].map((t) =>
              sweepAds({ db: t.database.db, cache: t.cache, publicUrl: 'http://x' }, clock()),
            ),
          )

        ahead = 5.5 * HOUR
        await sweepBoth() // other tests' ads may be swept too: only this owner's are counted
        await sweepBoth()
        const notices = await a.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, 'trade-expiring')))
        expect(notices).toHaveLength(1)

        // Past its end: out of both lists at once, before any worker marks it.
        ahead = 6 * HOUR + 1000
        expect([await totalOn(a), await totalOn(b)]).toEqual([0, 0])
        await sweepBoth()
        const [row] = await a.database.db.select().from(tradeAds).where(eq(tradeAds.id, id))
        expect(row!.status).toBe('expired')
      } finally {
        await b.close()
        await a.close()
      }
    })
  },
)
