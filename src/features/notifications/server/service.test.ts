import { eq, isNull } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, send } from '@/test/accounts'
import { aliceAndBob } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { NOTIFICATION_LIMITS, notificationsResponseSchema, unreadCountResponseSchema } from '../contract'
import { notifications } from '../tables'
import { NOTIFICATIONS_CHANNEL, unreadCount } from './service'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

describe('notifications API', () => {
  let t: TestApp
  let alice: string
  let bob: string
  let aliceId: string
  let bobId: string
  /** User ids announced on the notifications channel. */
  const announced: string[] = []
  let unlisten: () => Promise<void>

  /** `n` notifications of a user, oldest first; their ids. */
  async function make(userId: string, n: number, read = false): Promise<number[]> {
    const rows = await t.database.db
      .insert(notifications)
      .values(
        Array.from({ length: n }, (_, i) => ({
          userId,
          kind: 'restock',
          gameId: 'grow-a-garden',
          itemId: 'carrot',
          title: `Carrot in stock #${i}`,
          body: 'Carrot is in the Seed Shop now',
          link: '/stock/grow-a-garden',
          dedupeKey: `test:${userId}:${Math.random()}`,
          readAt: read ? new Date() : null,
        })),
      )
      .returning({ id: notifications.id })
    return rows.map((r) => r.id)
  }

  const page = async (cookie: string, query = '') => {
    const res = await send(t, `/api/notifications${query}`, { cookie })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    return notificationsResponseSchema.parse(await res.json())
  }
  const unread = async (cookie: string) => {
    const res = await send(t, '/api/notifications/unread-count', { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    return unreadCountResponseSchema.parse(await res.json()).unread
  }
  const read = (body: unknown, cookie?: string) => send(t, '/api/notifications/read', { body, cookie })
  const allRows = () => t.database.db.select().from(notifications).orderBy(notifications.id)

  beforeAll(async () => {
    t = await createTestApp()
    ;({ alice, bob, aliceId, bobId } = await aliceAndBob(t))
    unlisten = await t.database.listen(NOTIFICATIONS_CHANNEL, (userId) => announced.push(userId))
  })
  afterAll(async () => {
    await unlisten()
    await t.close()
  })
  beforeEach(async () => {
    await t.database.db.delete(notifications)
    announced.length = 0
  })
  afterEach(() => {
    expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
  })

  it('pages the history newest first, with total, page count and unread', async () => {
    const size = NOTIFICATION_LIMITS.notificationsPageSize
    const ids = await make(aliceId, size + 5)
    await make(aliceId, 2, true)
    const first = await page(alice)
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: size + 7, unread: size + 5 })
    expect(first.notifications).toHaveLength(size)
    expect(first.notifications[0]).toMatchObject({
      kind: 'restock',
      game: 'grow-a-garden',
      item: 'carrot',
      title: 'Carrot in stock #1',
      link: '/stock/grow-a-garden',
      readAt: expect.any(String),
    })
    const second = await page(alice, '?page=2')
    expect(second).toMatchObject({ page: 2, pageCount: 2 })
    const all = [...first.notifications, ...second.notifications].map((n) => n.id)
    expect(all).toEqual([...all].sort((a, b) => b - a))
    expect(all.slice(2)).toEqual([...ids].reverse())
    expect((await page(alice, '?page=3')).notifications).toEqual([])
  })

  it('an empty history is one empty page', async () => {
    expect(await page(alice)).toEqual({ notifications: [], page: 1, pageCount: 1, total: 0, unread: 0 })
    expect(await unread(alice)).toBe(0)
  })

  it('bad pages are a 400', async () => {
    for (const query of ['?page=0', '?page=-1', '?page=x', '?page=1.5', '?page=10001', '?page=1&x=1']) {
      const res = await send(t, `/api/notifications${query}`, { cookie: alice })
      expect(res.status, query).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    }
  })

  it('marks some read (ids of others ignored), then all; the unread count and other tabs follow', async () => {
    const mine = await make(aliceId, 5)
    const bobs = await make(bobId, 3)
    expect(await unread(alice)).toBe(5)
    expect(await unreadCount(t.database.db, aliceId)).toBe(5)

    const res = await read({ ids: [mine[0], mine[1], bobs[0], 999_999] }, alice)
    expect(res.status).toBe(200)
    expect(unreadCountResponseSchema.parse(await res.json())).toEqual({ unread: 3 })
    await expect.poll(() => announced).toEqual([aliceId])
    expect(await unread(bob)).toBe(3)
    const readNow = await t.database.db.select().from(notifications).where(eq(notifications.userId, aliceId))
    expect(
      readNow
        .filter((n) => n.readAt)
        .map((n) => n.id)
        .sort(),
    ).toEqual([mine[0], mine[1]].sort())

    const all = await read({}, alice)
    expect(unreadCountResponseSchema.parse(await all.json())).toEqual({ unread: 0 })
    await expect.poll(() => announced).toEqual([aliceId, aliceId])
    expect(await unread(alice)).toBe(0)
    // Bob's are untouched by alice's "all".
    expect(await unread(bob)).toBe(3)
    const unreadRows = await t.database.db.select().from(notifications).where(isNull(notifications.readAt))
    expect(unreadRows.map((n) => n.userId)).toEqual([bobId, bobId, bobId])
  })

  it("reading only another user's ids changes nothing and tells no one", async () => {
    const bobs = await make(bobId, 2)
    const before = await allRows()
    const res = await read({ ids: bobs }, alice)
    expect(unreadCountResponseSchema.parse(await res.json())).toEqual({ unread: 0 })
    expect(await allRows()).toEqual(before)
    // A read by bob is announced: had alice's been, it would be in the list before his.
    await read({ ids: [bobs[0]] }, bob)
    await expect.poll(() => announced).toEqual([bobId])
  })

  it("a user's page never shows another user's notifications", async () => {
    await make(bobId, 3)
    expect((await page(alice)).total).toBe(0)
    expect((await page(bob)).total).toBe(3)
  })

  it('bad read bodies are a 400 and change nothing', async () => {
    await make(aliceId, 2)
    const before = await allRows()
    for (const body of [
      { ids: [] },
      { ids: ['1'] },
      { ids: [0] },
      { ids: [1.5] },
      { ids: 1 },
      { ids: Array.from({ length: NOTIFICATION_LIMITS.maxReadIds + 1 }, (_, i) => i + 1) },
      { all: true },
      [],
    ]) {
      const res = await read(body, alice)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect(await allRows()).toEqual(before)
  })

  it('a visitor gets 401 on every endpoint, and nothing changes', async () => {
    await make(aliceId, 2)
    const before = await allRows()
    for (const res of [
      await send(t, '/api/notifications'),
      await send(t, '/api/notifications/unread-count'),
      await read({}),
      await read({}, 'better-auth.session_token=forged.value'),
    ]) {
      expect(await errorOf(res)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
    }
    expect(await allRows()).toEqual(before)
  })
})
