import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, served } from '@/test/app'
import { flushRequestLog } from './logger'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** Headers of the connection and the clock, not of the answer. */
const TRANSPORT = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']

describe('shared answers: the Node server answers a public read the app answered before', () => {
  let t: TestApp
  let server: Awaited<ReturnType<typeof served>>
  let byShared: ReturnType<typeof vi.spyOn>
  /** Every line the app's logger writes. */
  const logged: Record<string, unknown>[] = []
  beforeAll(async () => {
    t = await createTestApp({
      sharedAnswers: true,
      log: { write: (line) => void logged.push(JSON.parse(line)) },
    })
    server = await served(t)
  })
  // Who answered: the spy is made anew for each test (mocks are restored after each).
  beforeEach(() => {
    byShared = vi.spyOn(t.sharedAnswers!, 'serve')
  })
  afterAll(async () => {
    await server.close()
    await t.close()
  })

  /**
   * A raw request (no header of the client's own), its body unzipped, and who answered it; the headers
   * without those of the connection and the clock (`dropped`).
   */
  function get(
    path: string,
    headers: Record<string, string | string[]> = {},
    method = 'GET',
    dropped = TRANSPORT,
  ) {
    const calls = byShared.mock.results.length
    return new Promise<Answer & { shared: boolean }>((resolve, reject) => {
      const req = httpRequest(server.url + path, { method, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const raw = Buffer.concat(chunks)
          const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw
          const headers = { ...res.headers }
          for (const name of dropped) delete headers[name]
          const shared = byShared.mock.results.slice(calls).some((r: { value: unknown }) => r.value === true)
          resolve({ status: res.statusCode!, headers, body: body.toString(), shared })
        })
      })
      req.on('error', reject)
      req.end()
    })
  }

  it('answers the same as the app, for a browser (gzip), a plain client and a revalidation (304)', async () => {
    const cases: [string, Record<string, string>][] = [
      ['plain', {}],
      ['browser', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
    ]
    for (const [label, headers] of cases) {
      const path = `/api/games/blox-fruits/items?page=1&pageSize=${label === 'plain' ? 11 : 12}`
      const byApp = await get(path, headers)
      expect(byApp.status, label).toBe(200)
      expect(byApp.shared, label).toBe(false)
      const again = await get(path, headers)
      expect(again.shared, label).toBe(true)
      expect(again, label).toEqual({ ...byApp, shared: true })
      expect(JSON.parse(again.body).items.length, label).toBe(12 - (label === 'plain' ? 1 : 0))

      const etag = String(byApp.headers.etag)
      const notModified = await get(path, { ...headers, 'if-none-match': etag })
      expect(notModified.shared, label).toBe(true)
      expect(notModified.status, label).toBe(304)
      expect(notModified.body, label).toBe('')
      expect(notModified.headers.etag, label).toBe(etag.replace(/^W\//, ''))
      expect(notModified.headers['content-security-policy'], label).toContain("frame-ancestors 'none'")
    }
  })

  it('counts its answer in the request summary the app writes', async () => {
    const path = '/api/games/blox-fruits/items?page=1&pageSize=15'
    const summed = () => {
      flushRequestLog(t.logger)
      return logged
        .filter((l) => l.path === '/api/games/blox-fruits/items' && l.count !== undefined)
        .reduce((sum, l) => sum + Number(l.count), 0)
    }
    const before = summed()
    expect((await get(path)).shared).toBe(false)
    expect(summed()).toBe(before + 1)
    expect((await get(path)).shared).toBe(true)
    expect(summed()).toBe(before + 2)
    const last = logged.findLast((l) => l.path === '/api/games/blox-fruits/items')
    expect(last).toMatchObject({ method: 'GET', status: 200, count: 1 })
  })

  it("leaves to the app what it doesn't answer as the app would: weighted encodings, HEAD", async () => {
    const path = '/api/games/blox-fruits/items?page=1&pageSize=13'
    await get(path)
    const weighted = await get(path, { 'accept-encoding': 'gzip;q=0.5, br' })
    expect(weighted).toMatchObject({ status: 200, shared: false })
    expect(weighted.headers['content-encoding']).toBe('gzip')
    expect(await get(path, {}, 'HEAD')).toMatchObject({ status: 200, shared: false, body: '' })
    expect(await get(path)).toMatchObject({ status: 200, shared: true })
  })

  it('reads the headers it needs, in any case, and leaves one sent twice to the app (Node joins them)', async () => {
    const path = '/api/games/blox-fruits/items?page=1&pageSize=14'
    const { headers } = await get(path)
    const etag = String(headers.etag)
    expect(await get(path, { 'IF-NONE-MATCH': etag })).toMatchObject({ status: 304, shared: true })
    const twice = await get(path, { 'if-none-match': ['"another"', etag] })
    expect(twice).toMatchObject({ status: 304, shared: false })
    expect(await get(path, { 'if-none-match': ['"another"', '"yet another"'] })).toMatchObject({
      status: 200,
      shared: false,
    })
  })

  it('keeps the trade ads list for visitors only: a request with a session goes to the app (its blocks)', async () => {
    const path = '/api/trade-ads?game=fisch&page=1'
    await get(path)
    expect((await get(path)).shared).toBe(true)
    const signedIn = await get(path, { cookie: 'better-auth.session_token=not-a-session' })
    expect(signedIn).toMatchObject({ status: 200, shared: false })
    expect((await get(path, { cookie: 'theme=dark' })).shared).toBe(true)
  })

  it('has the app send a kept answer gzipped once, not per request: the same answer for a session', async () => {
    const path = '/api/trade-ads?game=fisch&page=1&tag=adds'
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' }
    const session = { ...browser, cookie: 'better-auth.session_token=not-a-session' }
    await get(path, browser)
    const visitor = await get(path, browser)
    expect(visitor).toMatchObject({ status: 200, shared: true })
    for (let i = 0; i < 2; i++) {
      const bySession = await get(path, session, 'GET', ['date', 'connection', 'keep-alive'])
      expect(bySession.shared).toBe(false)
      // Bytes made before (a length), not a stream compressed for this request (chunked).
      expect(bySession.headers['content-length']).toBeDefined()
      expect(bySession.headers['transfer-encoding']).toBeUndefined()
      const { 'content-length': _, ...headers } = bySession.headers
      expect({ ...bySession, headers }).toEqual({ ...visitor, shared: false })
    }
  })

  it('stops answering once the read cache drops the data (a write), and the app answers anew', async () => {
    const path = '/api/games/blox-fruits/items?page=1&pageSize=14'
    const first = await get(path)
    expect((await get(path)).shared).toBe(true)
    // What a write does to its prefix, here to everything (on this instance only: on PostgreSQL the
    // write's own NOTIFY, heard back a moment later, would drop the next answer too).
    t.cache.invalidateLocal('')
    const afterWrite = await get(path)
    expect(afterWrite.shared).toBe(false)
    expect(afterWrite.body).toBe(first.body)
    expect((await get(path)).shared).toBe(true)
  })

  it('keeps no answer that is not a public one of the read cache: a trade, a refused query, live stock', async () => {
    for (const path of [
      '/api/games/blox-fruits/trade?give=kitsune&get=dragon',
      '/api/games/blox-fruits/items?pageSize=9999',
      '/api/stock/grow-a-garden',
      '/api/me',
    ]) {
      const first = await get(path)
      const second = await get(path)
      expect(second.shared, path).toBe(false)
      expect(second.status, path).toBe(first.status)
    }
  })
})
