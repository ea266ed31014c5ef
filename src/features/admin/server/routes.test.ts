import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AdminUserDetail,
  adminOverviewSchema,
  auditListResponseSchema,
  mailListResponseSchema,
  userSearchResponseSchema,
} from '@/features/admin/contract'
import { sessions } from '@/platform/server/auth/tables'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import {
  cookiesOf,
  createMagicLinkUser,
  createVerifiedUser,
  currentUser,
  errorOf,
  lastMailLink,
  meOf,
  STRONG_PASSWORD,
  send,
} from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const PRIMARY = 'chief@example.com'
let t: TestApp
let primary: string
let n = 0

async function newUser(prefix = 'member') {
  const email = `${prefix}-${++n}@example.com`
  const { cookie } = await createMagicLinkUser(t, email)
  return { email, cookie, id: (await meOf(t, cookie)).id }
}

async function withRole(role: string) {
  const user = await newUser(role)
  const res = await send(t, '/api/admin/roles', { body: { email: user.email, role }, cookie: primary })
  if (res.status !== 201) throw new Error(`grant failed: ${res.status}`)
  return user
}

async function queueMail(status: 'pending' | 'failed' | 'sent', to = `mail-${++n}@example.com`) {
  const [row] = await t.database.db
    .insert(pendingEmails)
    .values({
      toEmail: to,
      subject: 'Sign in to TradeHub',
      htmlBody: '<a href="http://localhost/secret-sign-in-link">Sign in</a>',
      textBody: 'http://localhost/secret-sign-in-link',
      status,
      attempts: status === 'failed' ? 10 : 0,
      lastError: status === 'failed' ? '550 mailbox unavailable' : null,
    })
    .returning({ id: pendingEmails.id })
  return row!.id
}

beforeAll(async () => {
  t = await createTestApp({ catalog: false, env: { ADMIN_EMAIL: PRIMARY } })
  primary = (await createMagicLinkUser(t, PRIMARY)).cookie
})
afterAll(() => t.close())

describe('admin API: who may call it', () => {
  it('refuses visitors (401) and every non-admin, stock managers and moderators included (403), on every endpoint', async () => {
    const [user, gag, bf, mod, admin] = await Promise.all([
      newUser(),
      withRole('grow-a-garden-stock-manager'),
      withRole('blox-fruits-stock-manager'),
      withRole('moderator'),
      withRole('admin'),
    ])
    const target = await newUser()
    const mailId = await queueMail('failed')
    const endpoints: { path: string; method?: string; body?: unknown }[] = [
      { path: '/api/admin/overview' },
      { path: '/api/admin/roles' },
      { path: '/api/admin/roles', body: { email: target.email, role: 'blox-fruits-stock-manager' } },
      { path: `/api/admin/roles/admin/${target.id}`, method: 'DELETE' },
      { path: '/api/admin/users?q=member' },
      { path: `/api/admin/users/${target.id}` },
      { path: `/api/admin/users/${target.id}/suspend`, body: { reason: 'spam' } },
      { path: `/api/admin/users/${target.id}/restore`, method: 'POST' },
      { path: `/api/admin/users/${target.id}/sign-out`, method: 'POST' },
      { path: '/api/admin/mail?status=failed' },
      { path: `/api/admin/mail/${mailId}/retry`, method: 'POST' },
      { path: '/api/admin/audit?page=1' },
      { path: '/api/admin/launch-list' },
    ]
    for (const endpoint of endpoints) {
      const label = `${endpoint.method ?? (endpoint.body ? 'POST' : 'GET')} ${endpoint.path}`
      expect((await send(t, endpoint.path, endpoint)).status, `visitor ${label}`).toBe(401)
      for (const [who, cookie] of [
        ['user', user.cookie],
        ['gag stock manager', gag.cookie],
        ['bf stock manager', bf.cookie],
        // A moderator suspends nobody here (a report's suspension is theirs, of traders only).
        ['moderator', mod.cookie],
      ] as const) {
        const res = await send(t, endpoint.path, { ...endpoint, cookie })
        expect(res.status, `${who} ${label}`).toBe(403)
      }
    }
    // Nothing was changed by the refused calls; admins (granted and primary) may read every one.
    expect((await meOf(t, target.cookie)).isAdmin).toBe(false)
    for (const cookie of [admin.cookie, primary]) {
      for (const path of [
        '/api/admin/overview',
        '/api/admin/roles',
        '/api/admin/users',
        '/api/admin/mail',
        '/api/admin/audit',
      ]) {
        expect((await send(t, path, { cookie })).status, path).toBe(200)
      }
    }
  })
})

describe('admin API: users', () => {
  it('searches by e-mail, username or display name, paged, and shows one user', async () => {
    const found = await newUser('findme')
    await send(t, '/api/profile/username', { body: { username: `uniq_${n}` }, cookie: found.cookie })
    await send(t, '/api/profile', {
      method: 'PATCH',
      body: { displayName: `Kitsune Trader ${n}` },
      cookie: found.cookie,
    })
    for (const q of [found.email.toUpperCase(), `uniq_${n}`, `kitsune trader ${n}`]) {
      const res = await send(t, `/api/admin/users?q=${encodeURIComponent(q)}`, { cookie: primary })
      const body = userSearchResponseSchema.parse(await res.json())
      expect(
        body.users.map((u) => u.email),
        q,
      ).toContain(found.email)
    }
    const none = userSearchResponseSchema.parse(
      await (await send(t, '/api/admin/users?q=%25%25nothing%25', { cookie: primary })).json(),
    )
    expect(none.total).toBe(0)
    for (const bad of ['?page=0', '?page=x', '?sort=email']) {
      expect((await send(t, `/api/admin/users${bad}`, { cookie: primary })).status, bad).toBe(400)
    }
    const detail = (await (
      await send(t, `/api/admin/users/${found.id}`, { cookie: primary })
    ).json()) as AdminUserDetail
    expect(detail).toMatchObject({
      email: found.email,
      roles: [],
      primaryAdmin: false,
      suspended: false,
      suspension: null,
    })
    expect(detail.activeSessions).toBe(1)
    expect(detail.lastActiveAt).not.toBeNull()
    expect((await send(t, '/api/admin/users/no-such-user', { cookie: primary })).status).toBe(404)
  })

  it('suspends a user: their sessions end at once, no sign-in works and they are told why; restore lets them in', async () => {
    const email = `suspend-${++n}@example.com`
    const { cookie } = await createVerifiedUser(t, email)
    const { id } = await meOf(t, cookie)
    const suspend = await send(t, `/api/admin/users/${id}/suspend`, {
      body: { reason: 'Scamming traders' },
      cookie: primary,
    })
    expect(suspend.status).toBe(200)
    expect(await suspend.json()).toMatchObject({
      suspended: true,
      suspension: { reason: 'Scamming traders', by: PRIMARY },
    })
    expect(await currentUser(t, cookie)).toBeNull()

    const password = await send(t, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } })
    expect(password.status).toBe(403)
    expect(((await password.json()) as { message: string }).message).toBe(
      'This account is suspended. Reason: Scamming traders',
    )
    expect(cookiesOf(password)).not.toContain('session_token=')
    await send(t, '/api/auth/sign-in/magic-link', { body: { email, callbackURL: '/' } })
    const link = new URL(await lastMailLink(t, email))
    const viaLink = await t.app.request(link.pathname + link.search, { headers: { origin: TEST_ORIGIN } })
    expect(cookiesOf(viaLink)).not.toContain('session_token=')
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, id))
    expect(left).toHaveLength(0)

    const twice = await send(t, `/api/admin/users/${id}/suspend`, {
      body: { reason: 'again' },
      cookie: primary,
    })
    expect(await errorOf(twice)).toMatchObject({ status: 409, message: 'This account is already suspended' })
    expect(
      (await send(t, `/api/admin/users/${id}/restore`, { method: 'POST', cookie: primary })).status,
    ).toBe(200)
    const back = await send(t, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } })
    expect(back.status).toBe(200)
    const notSuspended = await send(t, `/api/admin/users/${id}/restore`, { method: 'POST', cookie: primary })
    expect(await errorOf(notSuspended)).toMatchObject({
      status: 409,
      message: 'This account is not suspended',
    })
  })

  it('refuses to suspend the primary admin, oneself, without a reason or an unknown user, changing nothing', async () => {
    const admin = await withRole('admin')
    const primaryId = (await meOf(t, primary)).id
    const refused = await send(t, `/api/admin/users/${primaryId}/suspend`, {
      body: { reason: 'x' },
      cookie: admin.cookie,
    })
    expect(await errorOf(refused)).toMatchObject({
      status: 403,
      message: 'The primary admin cannot be suspended',
    })
    const self = await send(t, `/api/admin/users/${admin.id}/suspend`, {
      body: { reason: 'x' },
      cookie: admin.cookie,
    })
    expect(await errorOf(self)).toMatchObject({ status: 400, message: 'You cannot suspend your own account' })
    const target = await newUser()
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(301) }, { reason: 'ok', extra: true }]) {
      const res = await send(t, `/api/admin/users/${target.id}/suspend`, { body, cookie: primary })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    const unknown = await send(t, '/api/admin/users/nobody/suspend', {
      body: { reason: 'x' },
      cookie: primary,
    })
    expect(unknown.status).toBe(404)
    expect(await meOf(t, primary)).toMatchObject({ isAdmin: true })
    expect(await currentUser(t, target.cookie)).not.toBeNull()
  })

  it('signs a user out of every device, and keeps when they were last active', async () => {
    const email = `devices-${++n}@example.com`
    const first = await createMagicLinkUser(t, email)
    const second = await createMagicLinkUser(t, email)
    const { id } = await meOf(t, first.cookie)
    const detail = async () =>
      (await (await send(t, `/api/admin/users/${id}`, { cookie: primary })).json()) as AdminUserDetail
    const before = await detail()
    expect(before.lastActiveAt).not.toBeNull()
    const res = await send(t, `/api/admin/users/${id}/sign-out`, { method: 'POST', cookie: primary })
    expect(await res.json()).toEqual({ sessionsEnded: 2 })
    expect(await currentUser(t, first.cookie)).toBeNull()
    expect(await currentUser(t, second.cookie)).toBeNull()
    // The sessions are gone, their last activity is not.
    expect(await detail()).toMatchObject({ activeSessions: 0, lastActiveAt: before.lastActiveAt })
    // They may sign in again.
    expect(await currentUser(t, (await createMagicLinkUser(t, email)).cookie)).not.toBeNull()
  })

  it('refuses a second admin who signs the primary admin out, and lets the primary admin do it', async () => {
    const admin = await withRole('admin')
    const chief = await createMagicLinkUser(t, PRIMARY)
    const primaryId = (await meOf(t, chief.cookie)).id
    const refused = await send(t, `/api/admin/users/${primaryId}/sign-out`, {
      method: 'POST',
      cookie: admin.cookie,
    })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: 'Only the primary admin can sign the primary admin out' },
    })
    expect(await currentUser(t, chief.cookie)).not.toBeNull()
    expect(await currentUser(t, primary)).not.toBeNull()
    const own = await send(t, `/api/admin/users/${primaryId}/sign-out`, {
      method: 'POST',
      cookie: chief.cookie,
    })
    expect(own.status).toBe(200)
    expect(await currentUser(t, chief.cookie)).toBeNull()
    primary = (await createMagicLinkUser(t, PRIMARY)).cookie
  })
})

describe('admin API: mail queue and overview', () => {
  it('lists the outbox by status without any mail body, and retries only a failed mail', async () => {
    const failed = await queueMail('failed')
    const sent = await queueMail('sent')
    const res = await send(t, '/api/admin/mail?status=failed', { cookie: primary })
    const text = await res.text()
    expect(text).not.toContain('secret-sign-in-link')
    const body = mailListResponseSchema.parse(JSON.parse(text))
    expect(body.mails.every((m) => m.status === 'failed')).toBe(true)
    expect(body.mails.find((m) => m.id === failed)).toMatchObject({
      lastError: '550 mailbox unavailable',
      attempts: 10,
    })
    expect(body.counts.failed).toBeGreaterThanOrEqual(1)

    const notFailed = await send(t, `/api/admin/mail/${sent}/retry`, { method: 'POST', cookie: primary })
    expect(await errorOf(notFailed)).toMatchObject({
      status: 409,
      message: 'Only a failed mail can be retried',
    })
    expect(
      (await send(t, '/api/admin/mail/999999999/retry', { method: 'POST', cookie: primary })).status,
    ).toBe(404)
    expect((await send(t, '/api/admin/mail/abc/retry', { method: 'POST', cookie: primary })).status).toBe(400)
    expect((await send(t, '/api/admin/mail?status=lost', { cookie: primary })).status).toBe(400)

    const retried = await send(t, `/api/admin/mail/${failed}/retry`, { method: 'POST', cookie: primary })
    expect(retried.status).toBe(200)
    expect(await retried.json()).toMatchObject({ id: failed, status: 'pending', attempts: 0 })
    const again = await send(t, `/api/admin/mail/${failed}/retry`, { method: 'POST', cookie: primary })
    expect(again.status).toBe(409)
    const audit = auditListResponseSchema.parse(
      await (await send(t, '/api/admin/audit?action=mail.retry', { cookie: primary })).json(),
    )
    expect(audit.entries.filter((e) => e.detail.mailId === failed)).toHaveLength(1)
    expect((await send(t, '/api/admin/audit?action=role.delete', { cookie: primary })).status).toBe(400)
  })

  it('counts users, new users, the launch list and the mail queue', async () => {
    const before = adminOverviewSchema.parse(
      await (await send(t, '/api/admin/overview', { cookie: primary })).json(),
    )
    await newUser()
    await queueMail('failed')
    const after = adminOverviewSchema.parse(
      await (await send(t, '/api/admin/overview', { cookie: primary })).json(),
    )
    expect(after.users.total).toBe(before.users.total + 1)
    expect(after.users.newLast7Days).toBe(before.users.newLast7Days + 1)
    expect(after.mail.failed).toBe(before.mail.failed + 1)
    expect(after.launchList).toEqual(before.launchList)
  })
})
