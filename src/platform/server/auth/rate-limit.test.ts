import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authRateLimits } from '@/platform/server/auth/tables'
import { createVerifiedUser, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

describe('auth rate limits, counted in the database per client address', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ catalog: false, authRateLimit: true, env: { TRUST_PROXY: 'true' } })
    // Made before the counting starts (its sign-up has no forwarded address).
    await createVerifiedUser(t, 'limited@example.com')
  })
  afterAll(() => t.close())

  const signInFrom = (address: string, forwardedFor = address) =>
    send(t, '/api/auth/sign-in/email', {
      body: { email: 'limited@example.com', password: 'Not-The-Password-1' },
      headers: { 'x-forwarded-for': forwardedFor },
    })

  it('refuses the 21st sign-in attempt from one address within a minute, not another address', async () => {
    for (let i = 1; i <= 20; i++) expect((await signInFrom('203.0.113.7')).status, `attempt ${i}`).toBe(401)

    const blocked = await signInFrom('203.0.113.7')
    expect(blocked.status).toBe(429)
    // The standard header (RFC 9110), and Better Auth's own beside it, saying the same.
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(blocked.headers.get('x-retry-after')).toBe(blocked.headers.get('retry-after'))

    // Another client, and the same client behind a proxy that appends its own address last.
    expect((await signInFrom('198.51.100.23')).status).toBe(401)
    expect((await signInFrom('198.51.100.24', '203.0.113.7, 198.51.100.24')).status).toBe(401)

    const rows = await t.database.db
      .select()
      .from(authRateLimits)
      .where(like(authRateLimits.key, '%/sign-in/email'))
    const counts = Object.fromEntries(rows.map((row) => [row.key, row.count]))
    expect(counts['203.0.113.7|/sign-in/email']).toBeGreaterThanOrEqual(20)
    expect(counts['198.51.100.23|/sign-in/email']).toBe(1)
    expect(counts['198.51.100.24|/sign-in/email']).toBe(1)
  }, 60_000) // 23 password checks, each a deliberately slow hash

  it('a client cannot pick its address with the header our server sets', async () => {
    const res = await send(t, '/api/auth/sign-in/email', {
      body: { email: 'limited@example.com', password: 'Not-The-Password-1' },
      headers: { 'x-forwarded-for': '192.0.2.77', 'x-tradehub-client-ip': '192.0.2.99' },
    })
    expect(res.status).toBe(401)
    const keys = (await t.database.db.select().from(authRateLimits)).map((row) => row.key)
    expect(keys).toContain('192.0.2.77|/sign-in/email')
    expect(keys.filter((key) => key.startsWith('192.0.2.99'))).toEqual([])
  })

  it('allows five magic links per address in five minutes', async () => {
    const ask = () =>
      send(t, '/api/auth/sign-in/magic-link', {
        body: { email: 'limited@example.com', callbackURL: '/' },
        headers: { 'x-forwarded-for': '192.0.2.50' },
      })
    for (let i = 1; i <= 5; i++) expect((await ask()).status, `link ${i}`).toBe(200)
    const blocked = await ask()
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60)
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(300)
  })

  it('refuses the sixth account mail to one address from any number of clients, with Retry-After', async () => {
    const ask = (i: number) =>
      send(t, '/api/auth/sign-in/magic-link', {
        body: { email: 'one-inbox@example.com', callbackURL: '/' },
        headers: { 'x-forwarded-for': `192.0.2.${100 + i}` },
      })
    for (let i = 1; i <= 5; i++) expect((await ask(i)).status, `mail ${i}`).toBe(200)
    const blocked = await ask(6)
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toMatchObject({ code: 'RATE_LIMITED' })
    const seconds = Number(blocked.headers.get('retry-after'))
    expect(seconds).toBeGreaterThan(14 * 60)
    expect(seconds).toBeLessThanOrEqual(15 * 60)
  })
})
