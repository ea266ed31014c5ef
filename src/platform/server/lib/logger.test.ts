import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import {
  clipValue,
  createLogger,
  flushRequestLog,
  logRequest,
  MAX_LOGGED_MESSAGE,
  MAX_LOGGED_STRING,
  REQUEST_SUMMARY_MS,
} from './logger'

/** Every log line is at most this long, whatever a client sends. */
const MAX_LINE = 4000

/** A pino destination keeping its lines. */
function collect() {
  const lines: string[] = []
  return {
    lines,
    records: () => lines.map((line) => JSON.parse(line) as { level: number; msg: string }),
    write: (chunk: string) => {
      lines.push(...chunk.split('\n').filter(Boolean))
    },
  }
}

describe('log lines are bounded', () => {
  it('cuts long strings anywhere in a logged value, in messages, and in errors', () => {
    const long = 'x'.repeat(60_000)
    const out = collect()
    const logger = createLogger('info', out)
    logger.info({ url: long, nested: { list: Array(500).fill(long) } }, `asked for ${long}`)
    logger.error(Object.assign(new Error(`bad value ${long}`), { query: long }))
    logger.warn({ err: new Error(long) }, 'failed')
    expect(out.lines).toHaveLength(3)
    for (const line of out.lines) expect(line.length).toBeLessThan(MAX_LINE * 4)
    type Line = {
      msg: string
      url: string
      nested: { list: string[] }
      err: { type: string; message: string; query: string; stack: string }
    }
    const [info, error, warn] = out.records() as unknown as Line[]
    expect(info!.url.startsWith('x'.repeat(MAX_LOGGED_STRING))).toBe(true)
    expect(info!.url.length).toBeLessThan(MAX_LOGGED_STRING + 40)
    expect(info!.url).toContain('more characters')
    expect(info!.nested.list.length).toBeLessThanOrEqual(51)
    expect(info!.msg.length).toBeLessThan(MAX_LOGGED_MESSAGE + 40)
    expect(error!.msg.length).toBeLessThan(MAX_LOGGED_MESSAGE + 40)
    expect(error!.err).toMatchObject({ type: 'Error' })
    expect(error!.err.message.length).toBeLessThan(MAX_LOGGED_STRING + 40)
    expect(error!.err.query.length).toBeLessThan(MAX_LOGGED_STRING + 40)
    expect(error!.err.stack).toMatch(/^Error: bad value x+… \[\d+ more characters\]\n\s+at /)
    expect(warn!.err.message.length).toBeLessThan(MAX_LOGGED_STRING + 40)
  })

  it('leaves short values as they are', () => {
    const value = { method: 'GET', path: '/api/games', status: 200, ms: 3, at: new Date(0) }
    expect(clipValue(value)).toEqual({ ...value, at: '1970-01-01T00:00:00.000Z' })
  })

  it('logs keys named like built-in properties (a parsed body’s __proto__) as keys, in values and errors', () => {
    const body = JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": "x", "name": "y"}')
    const clipped = clipValue(body) as Record<string, unknown>
    expect(Object.keys(clipped)).toEqual(['__proto__', 'constructor', 'name'])
    expect(Object.getOwnPropertyDescriptor(clipped, '__proto__')?.value).toEqual({ isAdmin: true })
    expect((clipped as { isAdmin?: unknown }).isAdmin).toBeUndefined()
    const error = clipValue(Object.assign(new Error('bad'), { constructor: 'given' })) as Record<
      string,
      unknown
    >
    expect(Object.getOwnPropertyDescriptor(error, 'constructor')?.value).toBe('given')
    const out = collect()
    createLogger('info', out).info({ body }, 'request body')
    expect(JSON.parse(out.lines[0]!).body).toEqual({
      ['__proto__']: { isAdmin: true },
      constructor: 'x',
      name: 'y',
    })
  })
})

describe('a client cannot flood the log', () => {
  const out = collect()
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ catalog: false, log: out })
  })
  afterAll(() => t.close())

  it('a 60 KB callbackURL is logged as a warning, cut, never as an error', async () => {
    const callbackURL = `https://evil.example/${'a'.repeat(60_000)}`
    const magicLink = await send(t, '/api/auth/sign-in/magic-link', {
      body: { email: 'flood@example.com', callbackURL },
    })
    expect(magicLink.status).toBe(403)
    const signUp = await send(t, '/api/auth/sign-up/email', {
      body: { email: 'flood@example.com', password: 'Kitsune-Trade-42', name: '', callbackURL },
    })
    expect(signUp.status).toBe(403)
    const verify = await send(
      t,
      `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(callbackURL)}`,
    )
    expect(verify.status).toBeLessThan(500)
    const longPath = await send(t, `/api/${'p'.repeat(60_000)}`)
    expect(longPath.status).toBe(404)

    const records = out.records()
    expect(records.filter((r) => r.level >= 50)).toEqual([])
    expect(records.some((r) => r.level === 40 && /callback/i.test(r.msg))).toBe(true)
    for (const line of out.lines) expect(line.length).toBeLessThan(MAX_LINE)
    expect(t.loggedErrors).toEqual([])
  })
})

describe('the request log at the default level (info)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })
  const started = () => performance.now() - 3

  it('sums successful reads per path and status into one line per second', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const out = collect()
    const logger = createLogger('info', out)
    for (let i = 0; i < 5; i++) logRequest(logger, 'GET', '/api/games/blox-fruits/items', 200, started())
    logRequest(logger, 'GET', '/api/games/blox-fruits/items', 304, started())
    logRequest(logger, 'HEAD', '/api/site', 200, started())
    expect(out.lines).toEqual([])
    vi.advanceTimersByTime(REQUEST_SUMMARY_MS)
    const records = out.records() as unknown as Record<string, unknown>[]
    expect(records).toHaveLength(3)
    expect(records[0]).toMatchObject({
      level: 30,
      method: 'GET',
      path: '/api/games/blox-fruits/items',
      status: 200,
      count: 5,
      msg: expect.stringMatching(/^GET \/api\/games\/blox-fruits\/items 200 ×5 in 1s, p50 \d+ ms$/),
    })
    expect(records[0]!.p50).toBeGreaterThanOrEqual(3)
    expect(records[1]).toMatchObject({ status: 304, count: 1 })
    expect(records[2]).toMatchObject({ method: 'HEAD', path: '/api/site', count: 1 })
    // Nothing more until more requests come.
    vi.advanceTimersByTime(REQUEST_SUMMARY_MS * 3)
    expect(out.lines).toHaveLength(3)
  })

  it('writes a 4xx, a 5xx and a write in full at once', () => {
    const out = collect()
    const logger = createLogger('info', out)
    logRequest(logger, 'GET', '/api/nope', 404, started())
    logRequest(logger, 'GET', '/api/games/blox-fruits/items', 500, started())
    logRequest(logger, 'POST', '/api/trading/ads', 201, started())
    expect(out.records()).toMatchObject([
      { level: 30, msg: 'request', method: 'GET', path: '/api/nope', status: 404 },
      { level: 30, msg: 'request', method: 'GET', path: '/api/games/blox-fruits/items', status: 500 },
      { level: 30, msg: 'request', method: 'POST', path: '/api/trading/ads', status: 201 },
    ])
  })

  it('writes what it has summed when flushed (the shutdown does, before the process exits)', () => {
    const out = collect()
    const logger = createLogger('info', out)
    logRequest(logger, 'GET', '/api/site', 200, started())
    logRequest(logger, 'GET', '/api/site', 200, started())
    expect(out.lines).toEqual([])
    flushRequestLog(logger)
    expect(out.records()).toMatchObject([{ path: '/api/site', status: 200, count: 2 }])
    flushRequestLog(logger)
    expect(out.lines).toHaveLength(1)
  })

  it('writes nothing at warn, and static assets only at debug', () => {
    const warn = collect()
    logRequest(createLogger('warn', warn), 'GET', '/api/nope', 404, started())
    flushRequestLog(createLogger('warn', warn))
    expect(warn.lines).toEqual([])
    const info = collect()
    const logger = createLogger('info', info)
    logRequest(logger, 'GET', '/assets/app.js', 200, started())
    flushRequestLog(logger)
    expect(info.lines).toEqual([])
  })
})
