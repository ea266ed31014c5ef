/**
 * Signing up, the mailed verification, signing in and out, and a forged or malformed session cookie.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { meResponseSchema } from '@/features/accounts/contract'
import { cookiesOf, createVerifiedUser, lastMailLink, STRONG_PASSWORD, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { t as profilesApp, setUpProfilesApp, type TestApp } from './routes-test-setup'

describe('accounts: sign-up, verification, session', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())

  it('a visitor is nobody', async () => {
    const res = await send(t, '/api/me')
    expect(res.status).toBe(200)
    expect(meResponseSchema.parse(await res.json()).user).toBeNull()
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  it('refuses a weak password with its reasons, and creates nothing', async () => {
    const res = await send(t, '/api/auth/sign-up/email', {
      body: { email: 'weak@example.com', password: 'password', name: '' },
    })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.message).toBe(
      'Password is too weak: mix letters with digits or symbols (or upper and lower case); avoid a common password.',
    )
    await expect(lastMailLink(t, 'weak@example.com')).rejects.toThrow('no mail')
  })

  it('needs the mailed verification before the first sign-in, then signs in', async () => {
    const email = 'first@example.com'
    const up = await send(t, '/api/auth/sign-up/email', {
      body: { email, password: STRONG_PASSWORD, name: '' },
    })
    expect(up.status).toBe(200)
    expect(cookiesOf(up)).not.toContain('session_token')
    const early = await send(t, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } })
    expect(early.status).toBe(403)
    expect((await early.json()).code).toBe('EMAIL_NOT_VERIFIED')

    const link = new URL(await lastMailLink(t, email))
    expect(link.pathname).toBe('/api/auth/verify-email')
    const verified = await t.app.request(link.pathname + link.search)
    expect(verified.status).toBe(302)
    const cookie = cookiesOf(verified)
    expect(verified.headers.getSetCookie().join()).toMatch(/HttpOnly/i)
    expect(verified.headers.getSetCookie().join()).toMatch(/SameSite=Lax/i)

    const me = meResponseSchema.parse(await (await send(t, '/api/me', { cookie })).json())
    expect(me.user?.email).toBe(email)
    expect(me.user?.emailVerified).toBe(true)
    expect(me.user?.profile).toMatchObject({ username: null, displayName: 'first', ogBadge: false })

    const again = await send(t, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } })
    expect(again.status).toBe(200)
    expect(cookiesOf(again)).toContain('session_token')
  })

  it('signs out: the cookie stops working', async () => {
    const { cookie } = await createVerifiedUser(t, 'leaver@example.com')
    const out = await send(t, '/api/auth/sign-out', { method: 'POST', cookie, body: {} })
    expect(out.status).toBe(200)
    const me = meResponseSchema.parse(await (await send(t, '/api/me', { cookie })).json())
    expect(me.user).toBeNull()
  })
})

/** One app for the profile endpoints: the catalog (for favorites) and a real avatar directory. */
describe('profiles API', () => {
  setUpProfilesApp()

  it('GET /api/me: a forged or malformed cookie is a visitor, never an error', async () => {
    for (const cookie of [
      'better-auth.session_token=forged.signature',
      'better-auth.session_token=',
      'better-auth.session_token=%E0%A4%A',
      `better-auth.session_token=${'x'.repeat(4000)}`,
    ]) {
      const res = await send(profilesApp, '/api/me', { cookie })
      expect(res.status, cookie.slice(0, 40)).toBe(200)
      expect(meResponseSchema.parse(await res.json()).user).toBeNull()
    }
  })
})
