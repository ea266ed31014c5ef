import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '@/platform/server/auth/tables'
import { createVerifiedUser, lastMailLink, STRONG_PASSWORD, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { FRESH_SIGN_IN_MS } from './reauthenticate'

describe('changing the e-mail address needs re-authentication', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())

  const change = (cookie: string | undefined, body: Record<string, unknown>) =>
    send(t, '/api/auth/change-email', { body: { callbackURL: '/profile?tab=account', ...body }, cookie })

  it('asks for the password of an account that has one, then mails the new address', async () => {
    const { cookie } = await createVerifiedUser(t, 'owner@example.com')
    const missing = await change(cookie, { newEmail: 'new-owner@example.com' })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ code: 'INVALID_PASSWORD', message: 'Wrong password.' })
    const wrong = await change(cookie, { newEmail: 'new-owner@example.com', password: 'Not-The-One-9' })
    expect(wrong.status).toBe(400)
    await expect(lastMailLink(t, 'new-owner@example.com')).rejects.toThrow('no mail')

    const right = await change(cookie, { newEmail: 'new-owner@example.com', password: STRONG_PASSWORD })
    expect(right.status).toBe(200)
    expect(await lastMailLink(t, 'new-owner@example.com')).toContain('/api/auth/verify-email?token=')
  })

  it('asks an account without a password to have signed in within ten minutes', async () => {
    // A magic-link account: no password.
    await send(t, '/api/auth/sign-in/magic-link', { body: { email: 'linker@example.com', callbackURL: '/' } })
    const link = new URL(await lastMailLink(t, 'linker@example.com'))
    const signedIn = await t.app.request(link.pathname + link.search)
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    expect((await change(cookie, { newEmail: 'linker2@example.com' })).status).toBe(200)

    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - FRESH_SIGN_IN_MS - 60_000) })
      .where(eq(sessions.userId, (await (await send(t, '/api/me', { cookie })).json()).user.id))
    const stale = await change(cookie, { newEmail: 'linker3@example.com' })
    expect(stale.status).toBe(403)
    expect(await stale.json()).toMatchObject({ code: 'SESSION_NOT_FRESH' })
  })

  it('refuses a visitor', async () => {
    expect((await change(undefined, { newEmail: 'x@example.com', password: STRONG_PASSWORD })).status).toBe(
      401,
    )
  })
})
