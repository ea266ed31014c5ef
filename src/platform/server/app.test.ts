import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userRoles } from '@/features/roles/tables'
import { apiErrorSchema } from '@/shared/api-error'
import { createMagicLinkUser, meOf } from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { loadWebAssets } from './lib/web/assets'

function fakeWebBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradehub-web-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body></body></html>',
  )
  writeFileSync(path.join(dir, 'assets/main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`)
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n')
  return loadWebAssets(dir)!
}

describe('app foundation', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({
      web: fakeWebBuild(),
      env: { DISCORD_BOT_INVITE_URL: 'https://discord.com/oauth2/authorize?client_id=1' },
    })
  })
  afterAll(() => t.close())

  describe('GET /api/health', () => {
    it('answers ok with the database checked, never cached', async () => {
      const res = await t.app.request('/api/health')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({
        status: 'ok',
        database: 'ok',
        storage: { uploads: 'ok', mail: 'ok' },
        version: '1.0.0',
      })
      expect(res.headers.get('cache-control')).toBe('no-store')
    })

    // A file where the folder should be: it fails for every user (root, running these tests, ignores
    // permission bits).
    const dataDirWithFileAt = (name: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tradehub-health-'))
      writeFileSync(path.join(dir, name), 'not a folder')
      return dir
    }

    it('answers 503 naming the uploads or mail folder when the server cannot write in it', async () => {
      const uploads = await t.appWith({ DATA_DIR: dataDirWithFileAt('uploads') }).request('/api/health')
      expect(uploads.status).toBe(503)
      expect(await uploads.json()).toMatchObject({
        status: 'error',
        database: 'ok',
        storage: { uploads: 'not writable', mail: 'ok' },
      })

      const mail = await t.appWith({ DATA_DIR: dataDirWithFileAt('mail') }).request('/api/health')
      expect(mail.status).toBe(503)
      expect(await mail.json()).toMatchObject({
        status: 'error',
        storage: { uploads: 'ok', mail: 'not writable' },
      })
    })

    it('does not check the mail folder when mail goes over SMTP', async () => {
      const smtp = t.appWith({ DATA_DIR: dataDirWithFileAt('mail'), SMTP_URL: 'smtp://127.0.0.1:2599' })
      const res = await smtp.request('/api/health')
      expect(res.status).toBe(200)
      const body = await res.json()
      expect(body.status).toBe('ok')
      expect(body.storage).toEqual({ uploads: 'ok' })
    })
  })

  it('answers 503 from /api/health when the database is unreachable', async () => {
    const down = await createTestApp({ catalog: false })
    await down.database.close()
    const res = await down.app.request('/api/health')
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ status: 'error', database: 'unreachable' })
    await down.close().catch(() => {})
  })

  describe('API errors', () => {
    it('answers malformed JSON and a wrong content type with 400 in the error shape', async () => {
      for (const [type, body] of [
        ['application/json', '{"email": '],
        ['text/plain', '{"email":"a@example.com"}'],
      ]) {
        const res = await t.app.request('/api/launch-list/subscribe', {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, 'content-type': type! },
          body,
        })
        expect(res.status).toBe(400)
        expect(apiErrorSchema.parse(await res.json()).error.code).toBe('BAD_REQUEST')
      }
    })

    it('answers an unknown API path with 404 JSON in the error shape', async () => {
      const res = await t.app.request('/api/no-such-thing')
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toContain('application/json')
      const body = await res.json()
      expect(body.error.code).toBe('NOT_FOUND')
      expect(body.error.message).toContain('/api/no-such-thing')
    })

    it('refuses a state-changing request from another origin', async () => {
      const res = await t.app.request('/api/health', {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
      })
      expect(res.status).toBe(403)
      expect((await res.json()).error.code).toBe('FORBIDDEN')
    })

    it("trusts the Vite dev server's origin only while npm run dev says so (DEV_SERVER_ORIGIN)", async () => {
      const fromVite = (app: typeof t.app) =>
        app.request('/api/health', { method: 'POST', headers: { origin: 'http://localhost:5173' } })
      // NODE_ENV unset is development, as `npm start` runs without it: the dev origin is still a stranger.
      expect((await fromVite(t.appWith({ NODE_ENV: 'development' }))).status).toBe(403)
      const dev = t.appWith({ NODE_ENV: 'development', DEV_SERVER_ORIGIN: 'http://localhost:5173' })
      expect((await fromVite(dev)).status).not.toBe(403)
    })

    it('refuses a cross-site request without an Origin header', async () => {
      const res = await t.app.request('/api/health', {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site' },
      })
      expect(res.status).toBe(403)
    })

    it('refuses a body over the size limit with 413', async () => {
      const res = await t.app.request('/api/no-such-thing', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ a: 'x'.repeat(70_000) }),
      })
      expect(res.status).toBe(413)
      expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE')
    })

    it('keeps the limit for every method and path but the uploads and the bulk update that set their own', async () => {
      const { cookie } = await createMagicLinkUser(t, 'body-limit-admin@example.com')
      const { id } = await meOf(t, cookie)
      await t.database.db.insert(userRoles).values({ userId: id, role: 'admin' })
      const big = JSON.stringify({ value: 1, note: 'x'.repeat(100 * 1024) })
      const request = (method: string, path: string) =>
        t.app.request(path, {
          method,
          headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
          body: big,
        })
      for (const method of ['PATCH', 'PUT', 'DELETE']) {
        const res = await request(method, '/api/admin/items/grow-a-garden/bulk')
        expect(res.status, method).toBe(413)
        expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE')
      }
      expect((await request('POST', '/api/admin/items/grow-a-garden/carrot/image/x')).status).toBe(413)
      expect((await request('POST', '/api/profile/avatar/x')).status).toBe(413)
      // The bulk update itself reads up to its own, larger limit (a bad body, not a too large one).
      const bulk = await request('POST', '/api/admin/items/grow-a-garden/bulk')
      expect(bulk.status).toBe(400)
    })
  })

  describe('security headers', () => {
    it('sends a strict CSP and the other security headers on pages and API', async () => {
      for (const url of ['/', '/api/health']) {
        const res = await t.app.request(url)
        const csp = res.headers.get('content-security-policy') ?? ''
        expect(csp).toContain("script-src 'self'")
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
        expect(csp).toContain("frame-ancestors 'none'")
        expect(res.headers.get('x-content-type-options')).toBe('nosniff')
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
        expect(res.headers.get('x-frame-options')).toBe('DENY')
        expect(res.headers.get('strict-transport-security')).toBeNull()
      }
    })

    it('adds HSTS when the public URL is https', async () => {
      const https = await createTestApp({ env: { PUBLIC_URL: 'https://tradehub.example' }, catalog: false })
      try {
        const res = await https.app.request('/api/health')
        expect(res.headers.get('strict-transport-security')).toContain('max-age=')
      } finally {
        await https.close()
      }
    })
  })

  describe('single-page app', () => {
    it('serves index.html with the page title and description, not cached', async () => {
      const res = await t.app.request('/about')
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      const html = await res.text()
      expect(html).toContain('<title>About TradeHub</title>')
      expect(html).toContain('<meta name="description" content="Who builds TradeHub and why." />')
      expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/about" />`)
    })

    it("tells a visitor's page that nobody is signed in, and not a page asked for with a session cookie", async () => {
      const visitor = await t.app.request('/about')
      expect(await visitor.text()).toContain('<meta name="session" content="none" />')
      expect(visitor.headers.get('vary')).toContain('Cookie')
      const withSession = await t.app.request('/about', {
        headers: { cookie: 'theme=dark; better-auth.session_token=abc.def' },
      })
      expect(await withSession.text()).not.toContain('name="session"')
      // Another cookie is no session.
      const otherCookie = await t.app.request('/about', { headers: { cookie: 'theme=dark' } })
      expect(await otherCookie.text()).toContain('<meta name="session" content="none" />')
    })

    it('answers an unknown path with the 404 page and status 404', async () => {
      const res = await t.app.request('/no/such/page')
      expect(res.status).toBe(404)
      const html = await res.text()
      expect(html).toContain('<title>Page Not Found | TradeHub</title>')
      expect(html).toContain('noindex')
    })

    it('answers a trade helper for an unknown game with 404', async () => {
      expect((await t.app.request('/trade-helper/minecraft')).status).toBe(404)
      expect((await t.app.request('/trade-helper/adopt-me')).status).toBe(200)
    })

    it("gives each game's trade helper its own title in the first HTML", async () => {
      const html = await (await t.app.request('/trade-helper/blox-fruits')).text()
      expect(html).toContain('<title>Blox Fruits trade calculator and values | TradeHub</title>')
      expect(html).toContain('Check a Blox Fruits trade for win, fair or loss')
    })

    it('caches hashed assets for a year and sends them compressed', async () => {
      const res = await t.app.request('/assets/main-abc123.js', {
        headers: { 'accept-encoding': 'gzip, br' },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('content-encoding')).toBe('br')
      const etag = res.headers.get('etag')!
      const again = await t.app.request('/assets/main-abc123.js', { headers: { 'if-none-match': etag } })
      expect(again.status).toBe(304)
    })

    it('answers a missing asset with 404 rather than the app', async () => {
      expect((await t.app.request('/assets/missing.js')).status).toBe(404)
    })

    it('serves other public files with a short cache', async () => {
      const res = await t.app.request('/robots.txt')
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    })

    it('redirects /trade-helper and /auth/callback, keeping the query', async () => {
      const helper = await t.app.request('/trade-helper?search=kitsune')
      expect(helper.status).toBe(301)
      expect(helper.headers.get('location')).toBe('/values-and-wfl?search=kitsune')
      const callback = await t.app.request('/auth/callback')
      expect(callback.headers.get('location')).toBe('/')
    })

    it('sends /invite-bot to the configured invite and explains /join-server when none is set', async () => {
      const invite = await t.app.request('/invite-bot')
      expect(invite.status).toBe(302)
      expect(invite.headers.get('location')).toBe('https://discord.com/oauth2/authorize?client_id=1')
      const join = await t.app.request('/join-server')
      expect(join.status).toBe(200)
      expect(await join.text()).toContain('Join our Discord server')
    })
  })
})
