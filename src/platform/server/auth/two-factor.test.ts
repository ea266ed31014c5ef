import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cookiesOf,
  createUserWithTotp,
  createVerifiedUser,
  currentUser,
  lastMailLink,
  STRONG_PASSWORD,
  send,
} from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { totpCode } from '@/test/totp'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** A six-digit code that is none of the codes valid around now (the server accepts one step either side). */
function wrongCode(totpURI: string) {
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totpCode(totpURI, Date.now() + shift)))
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0')
    if (!valid.has(code)) return code
  }
}

/** The password step: with two-factor on, it answers twoFactorRedirect and only the challenge cookie. */
async function passwordStep(t: TestApp, email: string) {
  const res = await send(t, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } })
  expect(res.status).toBe(200)
  return { body: await res.json(), cookie: cookiesOf(res), setCookies: res.headers.getSetCookie() }
}

/** The session cookie an answer sets (not an expired one). */
function sessionCookie(res: Response) {
  return res.headers
    .getSetCookie()
    .filter((c) => /session_token=[^;]/.test(c))
    .map((c) => c.split(';')[0])
    .join('; ')
}

describe('two-factor (TOTP)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())

  it('enrols: the password is required, then a QR URI and ten backup codes', async () => {
    const email = 'enrol@example.com'
    const { cookie } = await createVerifiedUser(t, email)

    const wrong = await send(t, '/api/auth/two-factor/enable', {
      body: { password: 'Wrong-Password-1' },
      cookie,
    })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' })
    const visitor = await send(t, '/api/auth/two-factor/enable', { body: { password: STRONG_PASSWORD } })
    expect(visitor.status).toBe(401)

    const enable = await send(t, '/api/auth/two-factor/enable', {
      body: { password: STRONG_PASSWORD },
      cookie,
    })
    expect(enable.status).toBe(200)
    const { totpURI, backupCodes } = await enable.json()
    const uri = new URL(totpURI)
    expect(decodeURIComponent(totpURI.split('?')[0])).toBe(`otpauth://totp/TradeHub:${email}`)
    expect(uri.searchParams.get('issuer')).toBe('TradeHub')
    expect(uri.searchParams.get('secret')).toMatch(/^[A-Z2-7]{32,}$/)
    expect(backupCodes).toHaveLength(10)
    expect(new Set(backupCodes).size).toBe(10)

    // Not on until a code from the app confirms the enrolment.
    expect((await currentUser(t, cookie))?.twoFactorEnabled).toBe(false)
    const early = await passwordStep(t, email)
    expect(early.body).not.toHaveProperty('twoFactorRedirect')
    expect(early.cookie).toContain('session_token')

    const bad = await send(t, '/api/auth/two-factor/verify-totp', {
      body: { code: wrongCode(totpURI) },
      cookie,
    })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toMatchObject({ code: 'INVALID_CODE' })
    expect((await currentUser(t, cookie))?.twoFactorEnabled).toBe(false)

    const ok = await send(t, '/api/auth/two-factor/verify-totp', {
      body: { code: totpCode(totpURI) },
      cookie,
    })
    expect(ok.status).toBe(200)
    expect((await currentUser(t, cookiesOf(ok)))?.twoFactorEnabled).toBe(true)
  })

  it('signs in with the password and then a code from the app', async () => {
    const email = 'totp@example.com'
    const { totpURI } = await createUserWithTotp(t, email)

    const step = await passwordStep(t, email)
    expect(step.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
    expect(step.setCookies.filter((c) => /session_token=[^;]/.test(c))).toEqual([])
    expect(step.cookie).toContain('two_factor')
    expect(await currentUser(t, step.cookie)).toBeNull()

    const bad = await send(t, '/api/auth/two-factor/verify-totp', {
      body: { code: wrongCode(totpURI) },
      cookie: step.cookie,
    })
    expect(bad.status).toBe(401)
    expect(sessionCookie(bad)).toBe('')

    const ok = await send(t, '/api/auth/two-factor/verify-totp', {
      body: { code: totpCode(totpURI) },
      cookie: step.cookie,
    })
    expect(ok.status).toBe(200)
    const session = sessionCookie(ok)
    expect(session).toContain('session_token')
    expect(await currentUser(t, session)).toMatchObject({ email, twoFactorEnabled: true })

    // The challenge is spent with the sign-in it completed.
    const replay = await send(t, '/api/auth/two-factor/verify-totp', {
      body: { code: totpCode(totpURI) },
      cookie: step.cookie,
    })
    expect(replay.status).toBe(401)
  })

  it('a code without the password step signs nobody in', async () => {
    const email = 'no-password-step@example.com'
    const { totpURI } = await createUserWithTotp(t, email)
    const res = await send(t, '/api/auth/two-factor/verify-totp', { body: { code: totpCode(totpURI) } })
    expect(res.status).toBe(401)
    expect(sessionCookie(res)).toBe('')
  })

  it('a backup code signs in once', async () => {
    const email = 'backup@example.com'
    const { backupCodes } = await createUserWithTotp(t, email)
    const code = backupCodes[0]!

    const first = await passwordStep(t, email)
    const ok = await send(t, '/api/auth/two-factor/verify-backup-code', {
      body: { code },
      cookie: first.cookie,
    })
    expect(ok.status).toBe(200)
    expect(await currentUser(t, sessionCookie(ok))).toMatchObject({ email })

    const second = await passwordStep(t, email)
    const again = await send(t, '/api/auth/two-factor/verify-backup-code', {
      body: { code },
      cookie: second.cookie,
    })
    expect(again.status).toBe(401)
    expect(sessionCookie(again)).toBe('')

    // Another unused code still works.
    const other = await send(t, '/api/auth/two-factor/verify-backup-code', {
      body: { code: backupCodes[1] },
      cookie: second.cookie,
    })
    expect(other.status).toBe(200)
  })

  it('confirming a new e-mail address keeps the signed-in browser signed in', async () => {
    const { cookie } = await createUserWithTotp(t, 'moving@example.com')
    const change = await send(t, '/api/auth/change-email', {
      body: { newEmail: 'moved@example.com', callbackURL: '/profile?tab=account', password: STRONG_PASSWORD },
      cookie,
    })
    expect(change.status).toBe(200)
    const link = new URL(await lastMailLink(t, 'moved@example.com'))
    const confirmed = await send(t, link.pathname + link.search, { cookie })
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('location')).toBe('/profile?tab=account')
    expect(cookiesOf(confirmed)).not.toContain('two_factor')
    expect(await currentUser(t, cookie)).toMatchObject({ email: 'moved@example.com', twoFactorEnabled: true })
  })

  it('turning it off needs the password', async () => {
    const email = 'disable@example.com'
    const { cookie } = await createUserWithTotp(t, email)

    const wrong = await send(t, '/api/auth/two-factor/disable', {
      body: { password: 'Wrong-Password-1' },
      cookie,
    })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' })
    const missing = await send(t, '/api/auth/two-factor/disable', { body: {}, cookie })
    expect(missing.status).toBe(400)
    const visitor = await send(t, '/api/auth/two-factor/disable', { body: { password: STRONG_PASSWORD } })
    expect(visitor.status).toBe(401)
    expect((await passwordStep(t, email)).body).toMatchObject({ twoFactorRedirect: true })

    const off = await send(t, '/api/auth/two-factor/disable', { body: { password: STRONG_PASSWORD }, cookie })
    expect(off.status).toBe(200)
    expect((await currentUser(t, sessionCookie(off)))?.twoFactorEnabled).toBe(false)
    const plain = await passwordStep(t, email)
    expect(plain.body).not.toHaveProperty('twoFactorRedirect')
    expect(plain.cookie).toContain('session_token')
  })
})
