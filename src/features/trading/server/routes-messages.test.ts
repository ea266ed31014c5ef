/** The conversation on an offer (live, limited, private to its two traders) and a trader's own trades. */
import { describe, expect, it } from 'vitest'
import {
  myTradesResponseSchema,
  tradeMessageSchema,
  tradeMessagesResponseSchema,
} from '@/features/trading/contract'
import { send } from '@/test/accounts'
import { readEvents } from '@/test/sse'
import { AD, adOf, expectError, kindsOf, offerOf, setUpTradingApp, t, trader } from './routes-test-setup'

setUpTradingApp()

describe('an offer conversation', () => {
  it('the two traders write and read, live on both streams; others cannot; bad messages are refused', async () => {
    const [owner, offerer, other] = await Promise.all([trader(), trader(), trader()])
    const id = await adOf(owner)
    const offerId = await offerOf(id, offerer)
    const path = `/api/trade-offers/${offerId}/messages`
    const write = (cookie: string | undefined, body: unknown) => send(t, path, { body, cookie })

    const live = readEvents(await send(t, '/api/live', { cookie: offerer.cookie }))
    expect((await live.next()).event).toBe('notifications')

    const res = await write(owner.cookie, { body: '  Hi! When can you trade?  ' })
    expect(res.status, await res.clone().text()).toBe(201)
    const sent = tradeMessageSchema.parse(await res.json())
    expect(sent).toMatchObject({
      offerId,
      author: 'owner',
      username: owner.username,
      body: 'Hi! When can you trade?',
    })
    let event = await live.next()
    while (event.event !== 'trade-message') event = await live.next()
    expect(tradeMessageSchema.parse(JSON.parse(event.data))).toEqual(sent)
    await live.close()
    expect(await kindsOf(offerer.id)).toContain('trade-message')

    expect((await write(offerer.cookie, { body: 'Now, in game' })).status).toBe(201)
    const read = await send(t, path, { cookie: offerer.cookie })
    expect(
      tradeMessagesResponseSchema.parse(await read.json()).messages.map((m) => [m.author, m.body]),
    ).toEqual([
      ['owner', 'Hi! When can you trade?'],
      ['offerer', 'Now, in game'],
    ])

    await expectError(await write(undefined, { body: 'hi' }), 401)
    await expectError(await send(t, path), 401)
    await expectError(await write(other.cookie, { body: 'hi' }), 404)
    await expectError(await send(t, path, { cookie: other.cookie }), 404)
    await expectError(await write(offerer.cookie, { body: 'x'.repeat(1001) }), 400, 'body')
    await expectError(await write(offerer.cookie, { body: '   ' }), 400, 'body')
    await expectError(await write(offerer.cookie, { body: 'nul\u0000' }), 400, 'body')
    await expectError(await write(offerer.cookie, {}), 400, 'body')
  })

  it('limits messages per minute (429 with Retry-After)', async () => {
    const [owner, offerer] = await Promise.all([trader(), trader()])
    const offerId = await offerOf(await adOf(owner), offerer)
    const path = `/api/trade-offers/${offerId}/messages`
    for (let i = 0; i < 3; i++)
      expect((await send(t, path, { body: { body: `m${i}` }, cookie: offerer.cookie })).status).toBe(201)
    const res = await send(t, path, { body: { body: 'one more' }, cookie: offerer.cookie })
    await expectError(res, 429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('GET /api/me/trades', () => {
  it('lists my ads of every status and the offers I sent and received', async () => {
    const [owner, offerer] = await Promise.all([trader(), trader()])
    const open = await adOf(owner)
    const closed = await adOf(owner, { ...AD, offering: [{ item: 'dough' }] })
    await send(t, `/api/trade-ads/${closed}`, { method: 'DELETE', cookie: owner.cookie })
    const offerId = await offerOf(open, offerer)

    const mine = myTradesResponseSchema.parse(
      await (await send(t, '/api/me/trades', { cookie: owner.cookie })).json(),
    )
    expect(mine.ads.map((a) => [a.id, a.status])).toEqual([
      [closed, 'closed'],
      [open, 'open'],
    ])
    expect(mine.received.map((o) => o.id)).toEqual([offerId])
    expect(mine.sent).toEqual([])
    const theirs = myTradesResponseSchema.parse(
      await (await send(t, '/api/me/trades', { cookie: offerer.cookie })).json(),
    )
    expect(theirs.sent.map((o) => [o.id, o.status])).toEqual([[offerId, 'pending']])
    await expectError(await send(t, '/api/me/trades'), 401)
  })
})
