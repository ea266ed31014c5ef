import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import {
  cookiesOf,
  createVerifiedUser,
  currentUser,
  lastMailLink,
  STRONG_PASSWORD,
  send,
} from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const NEW_PASSWORD = 'Otter-Bazaar-2077'

function mailsTo(t: TestApp, email: string) {
  return t.database.db
    .select()
    .from(pendingEmails)
    .where(eq(pendingEmails.toEmail, email))
    .orderBy(desc(pendingEmails.id))
}

/** Asks for a reset mail, follows its link like the browser, and returns the token the page receives. */
async function resetToken(t: TestApp, email: string) {
  const res = await send(t, '/api/auth/request-password-reset', {
    body: { email, redirectTo: '/sign-in?view=reset' },
  })
  expect(res.status).toBe(200)
  const link = new URL(await lastMailLink(t, email))
  expect(link.origin).toBe(TEST_ORIGIN)
  const followed = await send(t, link.pathname + link.search)
  expect(followed.status).toBe(302)
  const page = new URL(followed.headers.get('location')!, TEST_ORIGIN)
  expect(page.origin + page.pathname).toBe(`${TEST_ORIGIN}/sign-in`)
  expect(page.searchParams.get('view')).toBe('reset')
  const token = page.searchParams.get('token')
  if (!token) throw new Error('no token in the reset page address')
  return { token, linkPath: link.pathname + link.search }
}

describe('password reset', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())

  it('mails a link that opens the reset view with a token', async () => {
    const email = 'forgetful@example.com'
    await createVerifiedUser(t, email)
    const { token } = await resetToken(t, email)
    expect(token.length).toBeGreaterThanOrEqual(20)
    const [mail] = await mailsTo(t, email)
    expect(mail?.subject).toBe('Reset your TradeHub password')
  })

  it('answers the same for an unknown address, and mails nothing', async () => {
    await createVerifiedUser(t, 'known@example.com')
    const known = await send(t, '/api/auth/request-password-reset', {
      body: { email: 'known@example.com', redirectTo: '/sign-in?view=reset' },
    })
    expect(known.status).toBe(200)
    expect((await mailsTo(t, 'known@example.com'))[0]?.subject).toBe('Reset your TradeHub password')
    const unknown = await send(t, '/api/auth/request-password-reset', {
      body: { email: 'nobody-here@example.com', redirectTo: '/sign-in?view=reset' },
    })
    expect(unknown.status).toBe(known.status)
    expect(await unknown.json()).toEqual(await known.json())
    expect(await mailsTo(t, 'nobody-here@example.com')).toEqual([])
  })

  it('refuses to send the reset page to another site', async () => {
    await createVerifiedUser(t, 'phished@example.com')
    const res = await send(t, '/api/auth/request-password-reset', {
      body: { email: 'phished@example.com', redirectTo: 'https://evil.example/reset' },
    })
    expect(res.status).toBe(403)
    expect((await mailsTo(t, 'phished@example.com')).map((m) => m.subject)).not.toContain(
      'Reset your TradeHub password',
    )
  })

  it('refuses a weak new password with its reasons, then takes a strong one', async () => {
    const email = 'resetter@example.com'
    await createVerifiedUser(t, email)
    const { token } = await resetToken(t, email)

    const weak = await send(t, '/api/auth/reset-password', { body: { newPassword: 'password', token } })
    expect(weak.status).toBe(400)
    expect(await weak.json()).toMatchObject({
      code: 'PASSWORD_TOO_WEAK',
      message:
        'Password is too weak: mix letters with digits or symbols (or upper and lower case); avoid a common password.',
    })
    const short = await send(t, '/api/auth/reset-password', { body: { newPassword: 'Ab1', token } })
    expect((await short.json()).message).toBe('Password is too weak: use at least 8 characters.')
    // The account's own address is known from the token, though nobody is signed in.
    const ownAddress = await send(t, '/api/auth/reset-password', {
      body: { newPassword: 'Resetter-2024', token },
    })
    expect((await ownAddress.json()).message).toBe(
      'Password is too weak: do not use your e-mail address in it.',
    )

    const strong = await send(t, '/api/auth/reset-password', { body: { newPassword: NEW_PASSWORD, token } })
    expect(strong.status).toBe(200)

    const old = await send(t, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } })
    expect(old.status).toBe(401)
    const fresh = await send(t, '/api/auth/sign-in/email', { body: { email, password: NEW_PASSWORD } })
    expect(fresh.status).toBe(200)
  })

  it('signs every device out, and the token works once', async () => {
    const email = 'revoked@example.com'
    const { cookie: phone } = await createVerifiedUser(t, email)
    const laptop = cookiesOf(
      await send(t, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } }),
    )
    expect(await currentUser(t, phone)).not.toBeNull()
    expect(await currentUser(t, laptop)).not.toBeNull()

    const { token, linkPath } = await resetToken(t, email)
    const done = await send(t, '/api/auth/reset-password', { body: { newPassword: NEW_PASSWORD, token } })
    expect(done.status).toBe(200)
    expect(await currentUser(t, phone)).toBeNull()
    expect(await currentUser(t, laptop)).toBeNull()

    const again = await send(t, '/api/auth/reset-password', {
      body: { newPassword: 'Another-Pass-99', token },
    })
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ code: 'INVALID_TOKEN' })
    const relink = await send(t, linkPath)
    expect(relink.status).toBe(302)
    expect(new URL(relink.headers.get('location')!, TEST_ORIGIN).searchParams.get('error')).toBe(
      'INVALID_TOKEN',
    )

    const signIn = await send(t, '/api/auth/sign-in/email', { body: { email, password: 'Another-Pass-99' } })
    expect(signIn.status).toBe(401)
  })

  it('refuses a made-up token', async () => {
    const res = await send(t, '/api/auth/reset-password', {
      body: { newPassword: NEW_PASSWORD, token: 'made-up-token-made-up' },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN' })
  })
})
