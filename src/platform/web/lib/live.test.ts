import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LIVE_POLL_SECONDS, LIVE_STREAM_RETRY_AFTER_SECONDS } from '@/shared/live-rules'
import type { LiveStatus } from './live'

/** The browser's EventSource as far as the tab's stream uses it; a test opens, refuses or drops it. */
class FakeEventSource {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static made: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>()

  constructor(readonly url: string) {
    FakeEventSource.made.push(this)
  }

  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }

  close() {
    this.readyState = FakeEventSource.CLOSED
  }

  emit(type: string, event: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }

  /** The server answered something other than a stream (a 429): EventSource closes for good. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED
    this.emit('error')
  }

  /** The connection dropped: EventSource tries again by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING
    this.emit('error')
  }
}

const STOCK = { game: 'grow-a-garden', version: 'v1', shops: [] }

/** The server while streams are refused: the probe gets 429, the snapshot has an ETag, the bell a count. */
function refusingServer(retryAfter = String(LIVE_STREAM_RETRY_AFTER_SECONDS)) {
  return vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    const headers = new Headers(init?.headers)
    if (url.startsWith('/api/live'))
      return Response.json(
        { error: { code: 'RATE_LIMITED', message: 'Too many' } },
        { status: 429, headers: { 'retry-after': retryAfter } },
      )
    if (url === '/api/stock/grow-a-garden') {
      if (headers.get('if-none-match') === '"v1"') return new Response(null, { status: 304 })
      return Response.json(STOCK, { headers: { etag: '"v1"' } })
    }
    if (url === '/api/notifications/unread-count') return Response.json({ unread: 3 })
    return new Response(null, { status: 404 })
  })
}

/** Lets the fetches and their answers settle: promise jobs only, no time passes. */
async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

let events: [string, unknown][]
let statuses: LiveStatus[]
let stop: () => void

/** A fresh copy of the module (its state is the tab's), following a game's stock and the bell. */
async function follow() {
  const { followLive } = await import('./live')
  stop = followLive({
    stock: 'grow-a-garden',
    user: true,
    onEvent: (type, data) => events.push([type, data]),
    onStatus: (status) => statuses.push(status),
  })
  await settle()
  expect(FakeEventSource.made).toHaveLength(1)
  return FakeEventSource.made[0]!
}

beforeEach(() => {
  vi.resetModules()
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  FakeEventSource.made = []
  vi.stubGlobal('EventSource', FakeEventSource)
  events = []
  statuses = []
})
afterEach(() => {
  stop()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the tab stream', () => {
  it("hands each follower the user's events: the unread count and a trade message", async () => {
    vi.stubGlobal('fetch', refusingServer())
    const stream = await follow()
    stream.emit('open')
    const message = { id: 7, offerId: 3, author: 'owner', username: 'kit', body: 'hi', createdAt: 'now' }
    stream.emit('trade-message', { data: JSON.stringify(message) })
    stream.emit('notifications', { data: '{"unread":1}' })
    stream.emit('unknown-kind', { data: '{}' })
    expect(events).toEqual([
      ['trade-message', message],
      ['notifications', { unread: 1 }],
    ])
    expect(statuses.at(-1)).toBe('live')
  })
})

describe('the tab stream refused (429)', () => {
  it('polls the stock (If-None-Match: a 304 keeps it) and the unread count, then tries the stream again after Retry-After', async () => {
    const fetch = refusingServer()
    vi.stubGlobal('fetch', fetch)
    const stream = await follow()
    expect(stream.url).toBe('/api/live?stock=grow-a-garden')

    stream.refuse()
    await settle()
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/live?stock=grow-a-garden',
      '/api/stock/grow-a-garden',
      '/api/notifications/unread-count',
    ])
    expect(events).toEqual([
      ['stock', STOCK],
      ['notifications', { unread: 3 }],
    ])
    expect(statuses.at(-1)).toBe('polling')

    // The next round asks whether the stock changed: 304, so nothing is replaced; the count comes again.
    await vi.advanceTimersByTimeAsync(LIVE_POLL_SECONDS * 1000)
    await settle()
    const stockPoll = fetch.mock.calls[3]!
    expect(String(stockPoll[0])).toBe('/api/stock/grow-a-garden')
    expect(new Headers(stockPoll[1]?.headers).get('if-none-match')).toBe('"v1"')
    expect(events.map(([type]) => type)).toEqual(['stock', 'notifications', 'notifications'])
    expect(FakeEventSource.made).toHaveLength(1)

    // Retry-After passed: the stream is asked for again, and once it is open the polling stops.
    await vi.advanceTimersByTimeAsync((LIVE_STREAM_RETRY_AFTER_SECONDS - LIVE_POLL_SECONDS) * 1000)
    expect(FakeEventSource.made).toHaveLength(2)
    FakeEventSource.made[1]!.emit('open')
    expect(statuses.at(-1)).toBe('live')
    const calls = fetch.mock.calls.length
    await vi.advanceTimersByTimeAsync(3 * LIVE_POLL_SECONDS * 1000)
    await settle()
    expect(fetch.mock.calls.length).toBe(calls)
  })

  it('waits as long as the Retry-After it is given', async () => {
    vi.stubGlobal('fetch', refusingServer('90'))
    const stream = await follow()
    stream.refuse()
    await settle()
    await vi.advanceTimersByTimeAsync(89_000)
    expect(FakeEventSource.made).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(FakeEventSource.made).toHaveLength(2)
  })

  it('leaves a dropped connection to EventSource, which reconnects by itself: nothing is polled', async () => {
    const fetch = refusingServer()
    vi.stubGlobal('fetch', fetch)
    const stream = await follow()
    stream.drop()
    await settle()
    expect(fetch).not.toHaveBeenCalled()
    expect(statuses.at(-1)).toBe('reconnecting')
  })
})
