import { once } from 'node:events'
import { createServer, get, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { LIVE_MESSAGES } from '@/shared/live-rules'
import { encodeEvent, LiveHub, type StreamCaps, type StreamOwner } from './live'
import { createLogger } from './logger'
import { Shutdown } from './shutdown'

/** One stream per address and per user: whether the next is admitted shows whether the last one counts. */
const CAPS: StreamCaps = { perAddress: 1, perUser: 1, total: 100 }
const OWNER: StreamOwner = { address: '192.0.2.1', userId: 'user-1', sessionId: 'session-1' }

const newHub = () => new LiveHub(createLogger('silent'))

/** The message a new stream of `owner` is refused with, or null when it is admitted. */
function refusal(hub: LiveHub, owner: StreamOwner = OWNER): string | null {
  try {
    hub.admit(owner, CAPS)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

describe('LiveHub: what the caps count', () => {
  it('counts a stream by address, user and in all, until its client goes', async () => {
    const hub = newHub()
    const { body } = hub.stream(['stock:blox-fruits'], OWNER, undefined, new AbortController().signal)
    expect(refusal(hub)).toBe(LIVE_MESSAGES.tooManyForUser)
    expect(refusal(hub, { address: OWNER.address })).toBe(LIVE_MESSAGES.tooManyFromAddress)
    expect(refusal(hub, { address: '192.0.2.2', userId: 'user-2' })).toBeNull()
    expect(refusal(newHub(), OWNER)).toBeNull()
    const full = { ...CAPS, total: 1 }
    expect(() => hub.admit({ address: '192.0.2.3' }, full)).toThrow(LIVE_MESSAGES.serverBusy)
    await body.cancel()
    expect(refusal(hub)).toBeNull()
    expect(hub.streamCount).toBe(0)
  })

  it('forgets a stream too slow to follow, which it closes', () => {
    const hub = newHub()
    hub.stream(['stock:blox-fruits'], OWNER, undefined, new AbortController().signal)
    for (let i = 0; i < 20; i++) hub.publish('stock:blox-fruits', encodeEvent('stock', '{}', `v${i}`))
    expect(hub.streamCount).toBe(0)
    expect(refusal(hub)).toBeNull()
  })

  it("forgets the streams of an ended session, and only that session's", () => {
    const hub = newHub()
    const signal = new AbortController().signal
    hub.stream(['user:user-1'], OWNER, undefined, signal)
    const other: StreamOwner = { address: '192.0.2.9', userId: 'user-9', sessionId: 'session-9' }
    hub.stream(['user:user-9'], other, undefined, signal)
    expect(hub.sessionsOpen().sort()).toEqual(['session-1', 'session-9'])
    hub.endSession('session-1')
    expect(refusal(hub)).toBeNull()
    expect(hub.sessionsOpen()).toEqual(['session-9'])
    expect(refusal(hub, other)).toBe(LIVE_MESSAGES.tooManyForUser)
  })

  it("forgets every stream when the server's shutdown begins", () => {
    const hub = newHub()
    const shutdown = new AbortController()
    hub.stream(['stock:blox-fruits'], OWNER, undefined, shutdown.signal)
    shutdown.abort()
    expect(hub.streamCount).toBe(0)
    expect(refusal(hub)).toBeNull()
  })

  it('ends every stream with a reconnect hint (`retry:`) when the shutdown ends them', async () => {
    const hub = newHub()
    const shutdown = new Shutdown()
    const { body, closed } = hub.stream(['stock:blox-fruits'], OWNER, undefined, shutdown.signal)
    shutdown.hold(closed)
    const reader = body.getReader()
    const decoder = new TextDecoder()
    expect(decoder.decode((await reader.read()).value)).toBe('retry: 3000\n\n') // what a new stream gets first
    expect(await shutdown.endStreams(1_000)).toBe(0)
    let rest = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += decoder.decode(chunk.value)
    expect(rest).toMatch(/^retry: \d+\n\n$/)
    const ms = Number(rest.slice('retry: '.length))
    expect(ms).toBeGreaterThanOrEqual(1_000)
    expect(ms).toBeLessThanOrEqual(5_000)
  })

  it('forgets a stream written to a Node response once the response has closed', async () => {
    const hub = newHub()
    const shutdown = new Shutdown()
    const responses: ServerResponse[] = []
    const server = createServer((_req, res) => {
      responses.push(res)
      hub.respond(['stock:blox-fruits'], OWNER, undefined, shutdown, res, {})
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    try {
      const request = get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
      const [answer] = await once(request, 'response')
      expect(answer.statusCode).toBe(200)
      expect(refusal(hub)).toBe(LIVE_MESSAGES.tooManyForUser)
      request.destroy() // the page goes
      await once(responses[0]!, 'close')
      expect(refusal(hub)).toBeNull()
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })
})
