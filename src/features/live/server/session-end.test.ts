import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '@/platform/server/auth/tables'
import { createLogger } from '@/platform/server/lib/logger'
import { createMagicLinkUser, meOf, send } from '@/test/accounts'
import { notifyUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { readEvents } from '@/test/sse'
import { sessionStreamsOf } from './sessions'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
type Events = ReturnType<typeof readEvents>

const PRIMARY = 'primary-live@example.com'
let t: TestApp
let admin: string
let n = 0

beforeAll(async () => {
  t = await createTestApp({ catalog: false, env: { ADMIN_EMAIL: PRIMARY } })
  admin = (await createMagicLinkUser(t, PRIMARY)).cookie
})
afterAll(() => t.close())

/** A signed-in user with their bell's stream open and its first event (the unread count) read. */
async function userWithStream(app: TestApp = t) {
  const email = `streaming-${++n}@example.com`
  const { cookie } = await createMagicLinkUser(t, email)
  const { id } = await meOf(t, cookie)
  const events = readEvents(await send(app, '/api/live', { cookie }))
  expect(JSON.parse((await events.next()).data)).toEqual({ unread: 0 })
  return { id, cookie, events }
}

const ended = (events: Events) => expect(events.next()).rejects.toThrow('stream ended')

describe('an ended session ends its event streams', () => {
  it('an admin signing the user out everywhere', async () => {
    const { id, events } = await userWithStream()
    const res = await send(t, `/api/admin/users/${id}/sign-out`, { method: 'POST', cookie: admin })
    expect(res.status).toBe(200)
    await notifyUser(t, id)
    await ended(events)
  })

  it('an admin suspending the user', async () => {
    const { id, events } = await userWithStream()
    const res = await send(t, `/api/admin/users/${id}/suspend`, {
      body: { reason: 'Scamming traders' },
      cookie: admin,
    })
    expect(res.status).toBe(200)
    await notifyUser(t, id)
    await ended(events)
  })

  it("the user's own sign-out ends that session's stream, not another session's", async () => {
    const { id, cookie, events } = await userWithStream()
    // The same user signed in on another device.
    const other = await createMagicLinkUser(t, (await meOf(t, cookie)).email!)
    const otherEvents = readEvents(await send(t, '/api/live', { cookie: other.cookie }))
    expect(JSON.parse((await otherEvents.next()).data)).toEqual({ unread: 0 })

    const res = await send(t, '/api/auth/sign-out', { method: 'POST', body: {}, cookie })
    expect(res.status).toBe(200)
    await notifyUser(t, id)
    await ended(events)
    expect(JSON.parse((await otherEvents.next()).data)).toEqual({ unread: 1 })
    await otherEvents.close()
  })

  it('a session that has expired: its stream ends at the next check', async () => {
    const { id, events } = await userWithStream()
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, id))
    await sessionStreamsOf({ database: t.database, logger: createLogger('silent') }).check()
    await notifyUser(t, id)
    await ended(events)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'on every instance (runs with TEST_DATABASE_URL: two instances need one PostgreSQL)',
  () => {
    it("an admin's sign-out on one instance ends the user's stream on another", async () => {
      const b = await createTestApp({ sameDatabaseAs: t, env: { ADMIN_EMAIL: PRIMARY } })
      try {
        const { id, events } = await userWithStream(b)
        const res = await send(t, `/api/admin/users/${id}/sign-out`, { method: 'POST', cookie: admin })
        expect(res.status).toBe(200)
        await notifyUser(t, id)
        await ended(events)
      } finally {
        await b.close()
      }
    })
  },
)
