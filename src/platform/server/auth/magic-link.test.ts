import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cookiesOf,
  createUserWithTotp,
  createVerifiedUser,
  currentUser,
  lastMail,
  lastMailLink,
  send,
} from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { totpCode } from '@/test/totp'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Asks for a link and returns it as a path on our origin. */
async function requestLink(t: TestApp, email: string, callbackURL = '/') {
  const res = await send(t, '/api/auth/sign-in/magic-link', { body: { email, callbackURL } })
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ status: true })
  const link = new URL(await lastMailLink(t, email))
  expect(link.origin).toBe(TEST_ORIGIN)
  return link.pathname + link.search
}

describe('magic link', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())

  it('queues a sign-in mail whose link signs in once', async () => {
    const email = 'magic@example.com'
    await createVerifiedUser(t, email)
    const path = await requestLink(t, email, '/values')

    const mail = await lastMail(t, email)
    expect(mail?.subject).toBe('Your TradeHub sign-in link')
    expect(path).toMatch(/^\/api\/auth\/magic-link\/verify\?token=/)

    const first = await send(t, path)
    expect(first.status).toBe(302)
    expect(first.headers.get('location')).toBe(`${TEST_ORIGIN}/values`)
    const cookie = cookiesOf(first)
    expect(cookie).toContain('session_token')
    expect(await currentUser(t, cookie)).toMatchObject({ email })

    const second = await send(t, path)
    expect(second.status).toBe(302)
    expect(second.headers.get('location')).toBe(`${TEST_ORIGIN}/values?error=INVALID_TOKEN`)
    expect(cookiesOf(second)).not.toContain('session_token')
  })

  it('creates a verified account for a new address', async () => {
    const email = 'newcomer@example.com'
    const first = await send(t, await requestLink(t, email))
    expect(first.status).toBe(302)
    expect(await currentUser(t, cookiesOf(first))).toMatchObject({ email, emailVerified: true })
  })

  it('a made-up token signs nobody in', async () => {
    const res = await send(t, '/api/auth/magic-link/verify?token=not-a-real-token&callbackURL=%2F')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}/?error=INVALID_TOKEN`)
    expect(cookiesOf(res)).not.toContain('session_token')
  })

  it('never sends the browser to another site', async () => {
    const email = 'elsewhere@example.com'
    const ask = await send(t, '/api/auth/sign-in/magic-link', {
      body: { email, callbackURL: 'https://evil.example/' },
    })
    expect(ask.status).toBe(403)
    expect(await ask.json()).toMatchObject({ code: 'INVALID_CALLBACK_URL' })
    await expect(lastMailLink(t, email)).rejects.toThrow('no mail')

    // A link edited to point elsewhere is refused before its token is spent.
    const path = await requestLink(t, email, '/')
    const edited = await send(t, path.replace('callbackURL=%2F', 'callbackURL=https%3A%2F%2Fevil.example%2F'))
    expect(edited.status).toBe(403)
    expect(edited.headers.get('location')).toBeNull()
    expect(cookiesOf(edited)).not.toContain('session_token')
    expect((await send(t, path)).status).toBe(302)
  })

  it('the mailbox owner does not inherit a password someone set before the address was proven', async () => {
    const email = 'squatted@example.com'
    // Someone signs up with this address and a password of theirs, and never verifies it.
    const squat = await send(t, '/api/auth/sign-up/email', {
      body: { email, password: 'Squatter-Pass-77', name: '' },
    })
    expect(squat.status).toBe(200)

    const owner = await send(t, await requestLink(t, email))
    expect(await currentUser(t, cookiesOf(owner))).toMatchObject({ email, emailVerified: true })
    const squatter = await send(t, '/api/auth/sign-in/email', {
      body: { email, password: 'Squatter-Pass-77' },
    })
    expect(squatter.status).toBe(401)
  })

  it('still asks for the second factor when two-factor is on', async () => {
    const email = 'magic-2fa@example.com'
    const { totpURI } = await createUserWithTotp(t, email)

    const link = await send(t, await requestLink(t, email, '/profile?tab=account'))
    expect(link.status).toBe(302)
    expect(link.headers.get('location')).toBe('/sign-in?view=two-factor&redirect=%2Fprofile%3Ftab%3Daccount')
    const challenge = cookiesOf(link)
    expect(challenge).toContain('two_factor')
    expect(link.headers.getSetCookie().filter((c) => /session_token=[^;]/.test(c))).toEqual([])
    expect(await currentUser(t, challenge)).toBeNull()

    const done = await send(t, '/api/auth/two-factor/verify-totp', {
      body: { code: totpCode(totpURI) },
      cookie: challenge,
    })
    expect(done.status).toBe(200)
    expect(await currentUser(t, cookiesOf(done))).toMatchObject({ email, twoFactorEnabled: true })
  })
})

describe('mails per address', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())

  it('sends one address at most 5 account mails per 15 minutes, whoever asks', async () => {
    const ask = () =>
      send(t, '/api/auth/sign-in/magic-link', { body: { email: 'flooded@example.com', callbackURL: '/' } })
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(200)
    const refused = await ask()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
    const other = await send(t, '/api/auth/sign-in/magic-link', {
      body: { email: 'calm@example.com', callbackURL: '/' },
    })
    expect(other.status).toBe(200)
  })
})
