import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notificationsEventSchema } from '@/features/live/contract'
import { stockResponseSchema } from '@/features/stock/contract'
import { createMagicLinkUser, errorOf, meOf, send } from '@/test/accounts'
import { notifyUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { readEvents } from '@/test/sse'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/live', () => {
  it('a visitor following a game gets its stock, and nothing of notifications', async () => {
    const events = readEvents(await send(t, '/api/live?stock=blox-fruits'))
    const first = await events.next()
    expect(first.event).toBe('stock')
    expect(stockResponseSchema.parse(JSON.parse(first.data)).game).toBe('blox-fruits')
    await events.close()
  })

  it('a signed-in tab gets its unread count at once and again when a notification arrives, on the same stream as the stock', async () => {
    const { cookie } = await createMagicLinkUser(t, 'bell@example.com')
    const { id } = await meOf(t, cookie)
    const other = await createMagicLinkUser(t, 'other-bell@example.com')
    const otherId = (await meOf(t, other.cookie)).id

    const events = readEvents(await send(t, '/api/live?stock=grow-a-garden', { cookie }))
    const seen = new Map<string, string>()
    for (let i = 0; i < 2; i++) {
      const event = await events.next()
      seen.set(event.event ?? '', event.data)
    }
    expect(stockResponseSchema.parse(JSON.parse(seen.get('stock')!)).game).toBe('grow-a-garden')
    expect(notificationsEventSchema.parse(JSON.parse(seen.get('notifications')!))).toEqual({ unread: 0 })

    // Another user's notification is not this stream's: the next event is this user's own.
    await notifyUser(t, otherId, 'other-1')
    await notifyUser(t, id, 'mine-1')
    const next = await events.next()
    expect(next.event).toBe('notifications')
    expect(JSON.parse(next.data)).toEqual({ unread: 1 })
    await events.close()
  })

  it('refuses a visitor who follows nothing, and an unknown game', async () => {
    const nothing = await send(t, '/api/live')
    expect(nothing.status).toBe(400)
    expect((await errorOf(nothing)).message).toMatch(/Nothing to follow/)
    const unknown = await send(t, '/api/live?stock=adopt-me')
    expect(unknown.status).toBe(400)
    expect((await errorOf(unknown)).fields).toHaveProperty('stock')
    const extra = await send(t, '/api/live?stock=blox-fruits&x=1')
    expect(extra.status).toBe(400)
  })
})
