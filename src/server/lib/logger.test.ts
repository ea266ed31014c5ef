import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { clipValue, createLogger, MAX_LOGGED_MESSAGE, MAX_LOGGED_STRING } from './logger'

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
