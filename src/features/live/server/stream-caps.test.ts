import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_MESSAGES, LIVE_STREAM_RETRY_AFTER_SECONDS, LIVE_STREAMS_PER_ADDRESS } from '@/shared/live-rules'
import { createMagicLinkUser, errorOf, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** A stream asked for from `ip` (with TRUST_PROXY the client address is the last X-Forwarded-For hop). */
const open = (t: TestApp, path: string, ip: string, cookie?: string) =>
  send(t, path, { cookie, headers: { 'x-forwarded-for': ip } })

/** The page goes: its stream's body is cancelled, as the browser does. */
const leave = (res: Response) => res.body?.cancel()

/** A refused stream: 429, Retry-After, the site's error shape with `message`. */
async function expectRefused(res: Response, message: string) {
  expect(res.status).toBe(429)
  expect(res.headers.get('retry-after')).toBe(String(LIVE_STREAM_RETRY_AFTER_SECONDS))
  expect(await errorOf(res)).toMatchObject({ code: 'RATE_LIMITED', message })
}

describe('event streams per client address (the real cap)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } })
  })
  afterAll(() => t.close())

  it('an address holds up to the cap of streams of both endpoints; the next gets 429 with Retry-After; closing one frees a slot; another address is not refused', async () => {
    const ip = '198.51.100.10'
    const streams: Response[] = []
    for (let i = 0; i < LIVE_STREAMS_PER_ADDRESS; i++) {
      const res = await open(t, i % 2 ? '/api/live?stock=grow-a-garden' : '/api/stock/blox-fruits/stream', ip)
      expect(res.status).toBe(200)
      streams.push(res)
    }
    await expectRefused(await open(t, '/api/live?stock=grow-a-garden', ip), LIVE_MESSAGES.tooManyFromAddress)
    await expectRefused(
      await open(t, '/api/stock/grow-a-garden/stream', ip),
      LIVE_MESSAGES.tooManyFromAddress,
    )

    const other = await open(t, '/api/live?stock=grow-a-garden', '198.51.100.11')
    expect(other.status).toBe(200)
    await leave(other)

    await leave(streams.pop()!)
    const again = await open(t, '/api/stock/grow-a-garden/stream', ip)
    expect(again.status).toBe(200)
    streams.push(again)
    await Promise.all(streams.map(leave))
  })
})

describe('event streams with lower caps', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      catalog: false,
      env: { TRUST_PROXY: 'true', LIVE_STREAMS_PER_ADDRESS: '2', LIVE_STREAMS_PER_USER: '2' },
    })
  })
  afterAll(() => t.close())

  it("a user's streams count together from every address; the user's cap does not refuse visitors", async () => {
    const { cookie } = await createMagicLinkUser(t, 'many-tabs@example.com')
    const first = await open(t, '/api/live', '203.0.113.1', cookie)
    const second = await open(t, '/api/live?stock=blox-fruits', '203.0.113.2', cookie)
    expect([first.status, second.status]).toEqual([200, 200])
    await expectRefused(await open(t, '/api/live', '203.0.113.3', cookie), LIVE_MESSAGES.tooManyForUser)

    // A visitor from the same new address is someone else.
    const visitor = await open(t, '/api/live?stock=blox-fruits', '203.0.113.3')
    expect(visitor.status).toBe(200)
    await leave(visitor)

    await leave(first)
    const again = await open(t, '/api/live', '203.0.113.3', cookie)
    expect(again.status).toBe(200)
    await Promise.all([leave(second), leave(again)])
  })

  it('the addresses of one IPv6 /64 network count as one address', async () => {
    const a = await open(t, '/api/live?stock=blox-fruits', '2001:db8:1:2::1')
    const b = await open(t, '/api/live?stock=blox-fruits', '2001:db8:1:2:ffff::9')
    expect([a.status, b.status]).toEqual([200, 200])
    await expectRefused(
      await open(t, '/api/live?stock=blox-fruits', '2001:db8:1:2:abcd:1234:5678:9abc'),
      LIVE_MESSAGES.tooManyFromAddress,
    )
    const otherNetwork = await open(t, '/api/live?stock=blox-fruits', '2001:db8:1:3::1')
    expect(otherNetwork.status).toBe(200)
    await Promise.all([leave(a), leave(b), leave(otherNetwork)])
  })
})

describe('event streams of the whole instance', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ catalog: false, env: { TRUST_PROXY: 'true', LIVE_STREAMS_MAX: '3' } })
  })
  afterAll(() => t.close())

  it('past the instance-wide cap every address is refused, until a stream closes', async () => {
    const streams = await Promise.all(
      ['192.0.2.1', '192.0.2.2', '192.0.2.3'].map((ip) => open(t, '/api/stock/blox-fruits/stream', ip)),
    )
    expect(streams.map((res) => res.status)).toEqual([200, 200, 200])
    await expectRefused(await open(t, '/api/live?stock=blox-fruits', '192.0.2.4'), LIVE_MESSAGES.serverBusy)
    await leave(streams.pop()!)
    const again = await open(t, '/api/live?stock=blox-fruits', '192.0.2.4')
    expect(again.status).toBe(200)
    await Promise.all([...streams, again].map(leave))
  })
})
