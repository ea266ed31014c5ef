import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, users, verifications } from '@/platform/server/auth/tables'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { rateLimits } from '@/platform/server/lib/rate-limit-tables'
import { createMagicLinkUser, currentUser, STRONG_PASSWORD, send } from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Rows every auth request could write: none may appear for a refused one. */
async function rowCounts(t: TestApp) {
  const { db } = t.database
  const tables = { users, sessions, verifications, pendingEmails, rateLimits }
  const counts: Record<string, number | undefined> = {}
  for (const [name, table] of Object.entries(tables)) {
    counts[name] = (await db.select({ n: count() }).from(table))[0]?.n
  }
  return counts
}

/** Better Auth's error answer: status and its `{ code, message }`. */
async function authError(res: Response) {
  const body = (await res.json()) as { code?: string; message?: string }
  return { status: res.status, code: body.code, message: body.message }
}

describe('auth input: only valid text reaches Better Auth and the database', () => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp({
      catalog: false,
      env: { DISCORD_CLIENT_ID: 'discord-id', DISCORD_CLIENT_SECRET: 'discord-secret' },
    })
    cookie = (await createMagicLinkUser(t, 'signed-in@example.com')).cookie
  })
  afterAll(() => t.close())

  it('answers 400 (not 500) for the requests the probe found, and writes nothing', async () => {
    const before = await rowCounts(t)
    const cases: [string, Record<string, unknown>, string?][] = [
      ['/api/auth/sign-in/magic-link', { email: 'a\u0000b@example.com', callbackURL: '/' }],
      ['/api/auth/sign-in/magic-link', { email: 'a\ud800@example.com' }],
      [
        '/api/auth/request-password-reset',
        { email: 'x\u0000@example.com', redirectTo: '/sign-in?view=reset' },
      ],
      ['/api/auth/reset-password', { newPassword: 'Another-Trade-43', token: 'x\u0000y' }],
      ['/api/auth/reset-password', { newPassword: 'Another-Trade-43', token: '\udc00' }],
      ['/api/auth/change-email', { newEmail: 'new\u0000@example.com', callbackURL: '/profile' }, cookie],
      ['/api/auth/change-email', { newEmail: 'new@example.com', callbackURL: '/profile\ud800' }, cookie],
      ['/api/auth/sign-in/email', { email: 'a@example.com', password: 'pass\u0000word' }],
      ['/api/auth/sign-up/email', { email: 'n\u0000@example.com', password: STRONG_PASSWORD, name: '' }],
      ['/api/auth/two-factor/verify-totp', { code: '12\u00003456' }, cookie],
    ]
    for (const [path, body, withCookie] of cases) {
      const error = await authError(await send(t, path, { body, cookie: withCookie }))
      expect(error, `${path} ${JSON.stringify(body)}`).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
      expect(error.message).toMatch(/cannot contain the NUL character|broken character/)
    }
    expect(await rowCounts(t)).toEqual(before)
    expect(t.loggedErrors).toEqual([])
  })

  it('answers 400 for a value of the wrong type or an absurd length', async () => {
    const before = await rowCounts(t)
    for (const email of [42, true, null, [], ['a@example.com'], {}, 'a'.repeat(300)]) {
      const res = await send(t, '/api/auth/sign-in/magic-link', { body: { email } })
      expect(await authError(res), JSON.stringify(email)).toMatchObject({
        status: 400,
        code: 'INVALID_INPUT',
      })
    }
    const longToken = await send(t, '/api/auth/reset-password', {
      body: { newPassword: 'Another-Trade-43', token: 'x'.repeat(5000) },
    })
    expect(longToken.status).toBe(400)
    expect(await rowCounts(t)).toEqual(before)
  })

  it('bounds the sign-up name to 50 characters (a 60 KB name was stored)', async () => {
    const before = await rowCounts(t)
    const long = await send(t, '/api/auth/sign-up/email', {
      body: { email: 'long-name@example.com', password: STRONG_PASSWORD, name: 'x'.repeat(60_000) },
    })
    expect(await authError(long)).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      message: 'Name must be 50 characters or less',
    })
    const justOver = await send(t, '/api/auth/sign-up/email', {
      body: { email: 'long-name@example.com', password: STRONG_PASSWORD, name: 'x'.repeat(51) },
    })
    expect(justOver.status).toBe(400)
    expect(await rowCounts(t)).toEqual(before)

    const fits = await send(t, '/api/auth/sign-up/email', {
      body: { email: 'long-name@example.com', password: STRONG_PASSWORD, name: 'x'.repeat(50) },
    })
    expect(fits.status).toBe(200)
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'long-name@example.com'))
    expect(user?.name).toHaveLength(50)
  })

  it('stores a user image only when it is an https address or one of the site (never javascript: or data:)', async () => {
    const imageOf = async (email: string) =>
      (await t.database.db.select({ image: users.image }).from(users).where(eq(users.email, email)))[0]?.image
    const bad = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://tracker.test/a.png',
      'ftp://files.test/a.png',
      'not a url at all:',
    ]
    const before = await rowCounts(t)
    for (const image of bad) {
      const signUp = await send(t, '/api/auth/sign-up/email', {
        body: { email: 'image-signup@example.com', password: STRONG_PASSWORD, name: '', image },
      })
      expect(await authError(signUp), image).toMatchObject({
        status: 400,
        message: 'Image must be an https address',
      })
      const update = await send(t, '/api/auth/update-user', { body: { image }, cookie })
      expect(await authError(update), image).toMatchObject({
        status: 400,
        message: 'Image must be an https address',
      })
    }
    expect(await rowCounts(t)).toEqual(before)
    expect(await imageOf('signed-in@example.com')).toBeNull()
    for (const image of [
      'https://cdn.discordapp.com/avatars/1/a.png',
      `${TEST_ORIGIN}/uploads/a.webp`,
      '/uploads/a.webp',
    ]) {
      expect((await send(t, '/api/auth/update-user', { body: { image }, cookie })).status, image).toBe(200)
      expect(await imageOf('signed-in@example.com')).toBe(image)
    }
  })

  it('refuses prototype keys anywhere in the body: sign-out with one does not sign out', async () => {
    const own = await createMagicLinkUser(t, 'proto@example.com')
    // Written by hand: JSON.stringify would not write a `__proto__` key.
    for (const body of [
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"nested":[{"a":1},{"prototype":1}]}',
    ]) {
      const res = await t.app.request('/api/auth/sign-out', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: own.cookie },
        body,
      })
      expect(await authError(res), body).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    }
    expect(await currentUser(t, own.cookie)).not.toBeNull()
  })

  describe('redirect targets stay paths of this site (Better Auth alone takes /..//host)', () => {
    const offSite = [
      'https://evil.test/',
      '//evil.test/',
      '/..//evil.test/x',
      '/.//evil.test/',
      '/\\evil.test',
      '/%2F%2Fevil.test',
      '/%5Cevil.test',
      '/\t/evil.test',
      'http://localhost:3000//evil.test/x',
      'http://localhost:3000/..//evil.test/x',
    ]
    const requests = (target: string): [string, Record<string, unknown>][] => [
      ['/api/auth/sign-in/magic-link', { email: 'redirect@example.com', callbackURL: target }],
      [
        '/api/auth/sign-up/email',
        { email: 'redirect@example.com', password: STRONG_PASSWORD, name: '', callbackURL: target },
      ],
      ['/api/auth/request-password-reset', { email: 'signed-in@example.com', redirectTo: target }],
      ['/api/auth/sign-in/social', { provider: 'discord', callbackURL: target }],
      ['/api/auth/sign-in/social', { provider: 'discord', callbackURL: '/', errorCallbackURL: target }],
      ['/api/auth/sign-in/social', { provider: 'discord', callbackURL: '/', newUserCallbackURL: target }],
    ]

    it('refuses every off-site form with 403, and sends no mail', async () => {
      const before = await rowCounts(t)
      for (const target of offSite) {
        for (const [path, body] of requests(target)) {
          const res = await send(t, path, { body })
          expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(403)
          expect((await res.json()).code).toMatch(
            /^INVALID_(CALLBACK|REDIRECT|ERROR_CALLBACK|NEW_USER_CALLBACK)_URL$/,
          )
        }
      }
      expect(await rowCounts(t)).toEqual(before)
    })

    it('refuses them in the links too (GET ?callbackURL=)', async () => {
      for (const target of offSite) {
        const q = encodeURIComponent(target)
        for (const path of [
          `/api/auth/magic-link/verify?token=abc&callbackURL=${q}`,
          `/api/auth/verify-email?token=abc&callbackURL=${q}`,
        ]) {
          const res = await send(t, path)
          expect(res.status, path).toBe(403)
          expect(res.headers.get('location')).toBeNull()
        }
      }
    })

    it('keeps the targets the site uses', async () => {
      for (const target of [
        '/',
        '/profile?tab=account',
        '/sign-in?view=reset',
        '/values-and-wfl',
        'http://localhost:3000/profile',
      ]) {
        const res = await send(t, '/api/auth/sign-in/magic-link', {
          body: { email: 'kept@example.com', callbackURL: target },
        })
        expect(res.status, target).toBe(200)
      }
      const social = await send(t, '/api/auth/sign-in/social', {
        body: { provider: 'discord', callbackURL: '/profile', errorCallbackURL: '/sign-in' },
      })
      expect(social.status).toBe(200)
    })
  })
})
