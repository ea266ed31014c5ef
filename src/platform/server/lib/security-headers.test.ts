import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, served } from '@/test/app'
import { loadWebAssets } from './web/assets'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const ORIGIN = 'https://tradehub.example'

function fakeWebBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradehub-web-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><!--app-head--></head></html>')
  writeFileSync(path.join(dir, 'assets/main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`)
  return loadWebAssets(dir)!
}

function expectSecurityHeaders(res: Response, label: string) {
  const h = res.headers
  expect(h.get('content-security-policy'), label).toContain("frame-ancestors 'none'")
  expect(h.get('content-security-policy'), label).toContain("script-src 'self'")
  expect(h.get('x-content-type-options'), label).toBe('nosniff')
  expect(h.get('x-frame-options'), label).toBe('DENY')
  expect(h.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin')
  expect(h.get('cross-origin-opener-policy'), label).toBe('same-origin')
  expect(h.get('strict-transport-security'), label).toContain('max-age=')
}

describe('security headers on every kind of answer (PUBLIC_URL on https)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      web: fakeWebBuild(),
      authRateLimit: true,
      env: { PUBLIC_URL: ORIGIN, TRUST_PROXY: 'true' },
      limits: { 'launch-list': { subscribePerIp: { max: 0, windowSeconds: 600 } } },
    })
  })
  afterAll(() => t.close())

  const request = (url: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    t.app.request(url, {
      ...init,
      headers: { origin: ORIGIN, 'x-forwarded-for': '203.0.113.30', ...init.headers },
    })
  const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })

  it('on Better Auth answers: a session read, a refused sign-in, a redirect, an unknown path', async () => {
    const session = await request('/api/auth/get-session')
    expect(session.status).toBe(200)
    expectSecurityHeaders(session, 'auth GET')

    const refused = await postJson('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'Not-The-Password-1',
    })
    expect(refused.status).toBe(401)
    expectSecurityHeaders(refused, 'auth POST error')

    const redirect = await request('/api/auth/verify-email?token=not-a-token&callbackURL=/')
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toContain('error=')
    expectSecurityHeaders(redirect, 'auth redirect')

    const unknown = await request('/api/auth/no-such-endpoint')
    expect(unknown.status).toBe(404)
    expectSecurityHeaders(unknown, 'auth 404')
  })

  it('on their 429s, ours and Better Auth’s', async () => {
    const launch = await postJson('/api/launch-list/subscribe', { email: 'many@example.com' })
    expect(launch.status).toBe(429)
    expectSecurityHeaders(launch, 'launch-list 429')

    const ask = () =>
      postJson(
        '/api/auth/sign-in/magic-link',
        { email: 'links@example.com', callbackURL: '/' },
        { 'x-forwarded-for': '203.0.113.31' },
      )
    for (let i = 1; i <= 5; i++) expect((await ask()).status, `link ${i}`).toBe(200)
    const limited = await ask()
    expect(limited.status).toBe(429)
    expectSecurityHeaders(limited, 'auth 429')
  })

  /** One answer of each kind, with the status it must have. */
  const SAMPLES: [string, RequestInit & { headers?: Record<string, string> }, number][] = [
    ['/api/games', {}, 200],
    ['/api/games', { headers: { 'accept-encoding': 'gzip' } }, 200],
    ['/api/games/blox-fruits/items?pageSize=5', {}, 200],
    ['/api/no-such-thing', {}, 404],
    ['/api/health', { method: 'POST', headers: { origin: 'https://evil.example' } }, 403],
    ['/api/auth/get-session', {}, 200],
    ['/', {}, 200],
    ['/no-such-page', {}, 404],
    ['/trade-helper', {}, 301],
    ['/favicon.ico', {}, 301],
    ['/assets/main-abc123.js', { headers: { 'accept-encoding': 'br' } }, 200],
    ['/assets/missing.js', {}, 404],
    ['/dev/mailbox', {}, 200],
    ['/uploads/avatars/missing.webp', {}, 404],
  ]

  async function expectOnEveryKind(
    send: (
      url: string,
      init: RequestInit & { headers?: Record<string, string> },
    ) => Response | Promise<Response>,
  ) {
    for (const [url, init, status] of SAMPLES) {
      const res = await send(url, init)
      const label = `${init.method ?? 'GET'} ${url}`
      expect(res.status, label).toBe(status)
      expectSecurityHeaders(res, label)
    }
    const etag = (await send('/api/games', {})).headers.get('etag')!
    const notModified = await send('/api/games', { headers: { 'if-none-match': etag } })
    expect(notModified.status).toBe(304)
    expectSecurityHeaders(notModified, '304')
  }

  it('on API answers, errors, pages, redirects, assets, the mailbox and uploads', async () => {
    await expectOnEveryKind(request)
  })

  it('on the same answers served by the Node server, where they are written on its response', async () => {
    const server = await served(t)
    try {
      await expectOnEveryKind((url, init) =>
        fetch(server.url + url, {
          ...init,
          redirect: 'manual',
          headers: { origin: ORIGIN, 'x-forwarded-for': '203.0.113.32', ...init.headers },
        }),
      )
      // A header an answer sets itself wins over the prepared one (the trade card may be embedded).
      const card = await fetch(`${server.url}/og/trade.png?game=blox-fruits&give=kitsune`)
      expect(card.status).toBe(200)
      expect(card.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
      expect(card.headers.get('x-content-type-options')).toBe('nosniff')
    } finally {
      await server.close()
    }
  })
})
