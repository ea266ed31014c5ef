import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SubscriberListResponse, subscribeResponseSchema } from '@/features/launch-list/contract'
import { UNSUBSCRIBE_FAILED, VERIFY_FAILED } from '@/features/launch-list/rules'
import { launchSubscribers } from '@/features/launch-list/tables'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { createVerifiedUser, send } from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { VERIFY_SUBJECT } from './email'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const post = (t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(`/api/launch-list/${path}`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

async function mailsTo(t: TestApp, email: string) {
  return t.database.db
    .select()
    .from(pendingEmails)
    .where(eq(pendingEmails.toEmail, email))
    .orderBy(pendingEmails.id)
}

/** The verification and unsubscribe tokens of the latest mail queued to `email`. */
async function tokensFromLatestMail(t: TestApp, email: string) {
  const mail = (await mailsTo(t, email)).at(-1)!
  const verify = mail.textBody!.match(/\/\?token=([A-Za-z0-9_-]{43})/)![1]!
  const unsubscribe = mail.textBody!.match(/\/unsubscribe\?token=([A-Za-z0-9_-]{43})/)![1]!
  return { verify, unsubscribe, mail }
}

/** Moves the subscriber's last mail back in time, as if the resend cooldown had passed. */
async function passCooldown(t: TestApp, email: string) {
  await t.database.db
    .update(launchSubscribers)
    .set({ lastMailAt: sql`now() - interval '11 seconds'` })
    .where(eq(launchSubscribers.email, email))
}

/** Signs `email` up and follows its mailed verification link: a verified subscriber. */
async function verifiedSubscriber(t: TestApp, email: string) {
  expect((await post(t, 'subscribe', { email })).status).toBe(200)
  const tokens = await tokensFromLatestMail(t, email)
  expect((await post(t, 'verify', { token: tokens.verify })).status).toBe(200)
  return tokens
}

async function rowCounts(t: TestApp) {
  const [[subs], [mails]] = await Promise.all([
    t.database.db.select({ n: count() }).from(launchSubscribers),
    t.database.db.select({ n: count() }).from(pendingEmails),
  ])
  return { subscribers: subs!.n, mails: mails!.n }
}

describe('launch list API', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      catalog: false,
      limits: { 'launch-list': { subscribePerIp: { max: 10_000, windowSeconds: 600 } } },
    })
  })
  afterAll(() => t.close())

  describe('subscribe', () => {
    it('stores a new e-mail trimmed and lowercased, pending and OG, and queues the verification mail', async () => {
      const res = await post(t, 'subscribe', { email: '  New.Trader@Example.COM ' })
      expect(res.status).toBe(200)
      const body = subscribeResponseSchema.parse(await res.json())
      expect(body).toEqual({ state: 'verification_sent', email: 'new.trader@example.com' })

      const [row] = await t.database.db
        .select()
        .from(launchSubscribers)
        .where(eq(launchSubscribers.email, 'new.trader@example.com'))
      expect(row).toMatchObject({ verified: false, status: 'pending', isOg: true })
      const { verify, mail } = await tokensFromLatestMail(t, 'new.trader@example.com')
      // Only the hash is stored.
      expect(row!.verificationTokenHash).not.toContain(verify)
      expect(JSON.stringify(row)).not.toContain(verify)
      expect(row!.verificationTokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(47 * 3600_000)

      expect(mail).toMatchObject({ subject: VERIFY_SUBJECT, priority: 1, status: 'pending' })
      expect(mail.htmlBody).toContain(`${TEST_ORIGIN}/?token=${verify}`)
      expect(mail.htmlBody).toContain(`${TEST_ORIGIN}/safe-sender-guide`)
      expect(mail.htmlBody).toMatch(/Gmail[\s\S]*Outlook[\s\S]*Yahoo Mail/)
      expect(mail.textBody).toContain(`${TEST_ORIGIN}/unsubscribe?token=`)
      expect(mail.headers['List-Unsubscribe']).toMatch(
        new RegExp(`^<${TEST_ORIGIN}/api/launch-list/one-click-unsubscribe\\?token=[A-Za-z0-9_-]{43}>$`),
      )
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    })

    it('verifies once with the mailed token; the token cannot be used again', async () => {
      await post(t, 'subscribe', { email: 'verify.me@example.com' })
      const { verify } = await tokensFromLatestMail(t, 'verify.me@example.com')
      const res = await post(t, 'verify', { token: verify })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ email: 'verify.me@example.com' })
      const [row] = await t.database.db
        .select()
        .from(launchSubscribers)
        .where(eq(launchSubscribers.email, 'verify.me@example.com'))
      expect(row).toMatchObject({ verified: true, status: 'verified', verificationTokenHash: null })

      const again = await post(t, 'verify', { token: verify })
      expect(again.status).toBe(400)
      expect((await again.json()).error.message).toBe(VERIFY_FAILED)
    })

    it('answers verified for a verified e-mail in other case and with spaces, without a new mail', async () => {
      await verifiedSubscriber(t, 'already.verified@example.com')
      const before = (await mailsTo(t, 'already.verified@example.com')).length
      const res = await post(t, 'subscribe', { email: ' ALREADY.verified@Example.com  ' })
      expect(await res.json()).toEqual({ state: 'verified', email: 'already.verified@example.com' })
      expect((await mailsTo(t, 'already.verified@example.com')).length).toBe(before)
    })

    it('gives an unverified re-sign-up a new token and makes the first link stop working', async () => {
      await post(t, 'subscribe', { email: 'twice@example.com' })
      const first = await tokensFromLatestMail(t, 'twice@example.com')
      await passCooldown(t, 'twice@example.com')
      const res = await post(t, 'subscribe', { email: 'twice@example.com' })
      expect((await res.json()).state).toBe('verification_sent')
      const second = await tokensFromLatestMail(t, 'twice@example.com')
      expect(second.verify).not.toBe(first.verify)
      expect(second.unsubscribe).toBe(first.unsubscribe) // every mail's unsubscribe link keeps working

      expect((await post(t, 'verify', { token: first.verify })).status).toBe(400)
      expect((await post(t, 'verify', { token: second.verify })).status).toBe(200)
      const [row] = await t.database.db
        .select()
        .from(launchSubscribers)
        .where(eq(launchSubscribers.email, 'twice@example.com'))
      expect(row!.status).toBe('verified')
    })

    it('enforces the 10-second cooldown between mails with 429 and Retry-After', async () => {
      await post(t, 'subscribe', { email: 'cooldown@example.com' })
      const res = await post(t, 'subscribe', { email: 'cooldown@example.com' })
      expect(res.status).toBe(429)
      const retryAfter = Number(res.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(10)
      expect((await res.json()).error.code).toBe('RATE_LIMITED')
      expect((await mailsTo(t, 'cooldown@example.com')).length).toBe(1)
    })

    it('refuses an expired token', async () => {
      await post(t, 'subscribe', { email: 'expired@example.com' })
      const { verify } = await tokensFromLatestMail(t, 'expired@example.com')
      await t.database.db
        .update(launchSubscribers)
        .set({ verificationTokenExpiresAt: sql`now() - interval '1 minute'` })
        .where(eq(launchSubscribers.email, 'expired@example.com'))
      const res = await post(t, 'verify', { token: verify })
      expect(res.status).toBe(400)
      expect((await res.json()).error.message).toBe(VERIFY_FAILED)
    })
  })

  describe('resend', () => {
    it('waits for the cooldown, then sends a new link that replaces the old one', async () => {
      await post(t, 'subscribe', { email: 'resend@example.com' })
      const first = await tokensFromLatestMail(t, 'resend@example.com')
      const early = await post(t, 'resend', { email: 'resend@example.com' })
      expect(early.status).toBe(429)
      expect(early.headers.get('retry-after')).toBeTruthy()

      await passCooldown(t, 'resend@example.com')
      const res = await post(t, 'resend', { email: 'Resend@Example.com' })
      expect(await res.json()).toEqual({ state: 'verification_sent', email: 'resend@example.com' })
      const second = await tokensFromLatestMail(t, 'resend@example.com')
      expect((await mailsTo(t, 'resend@example.com')).length).toBe(2)
      expect((await post(t, 'verify', { token: first.verify })).status).toBe(400)
      expect((await post(t, 'verify', { token: second.verify })).status).toBe(200)
    })

    it('answers alike for an address that never signed up, a pending one and a verified one; mails only the pending one', async () => {
      const emails = {
        unknown: 'nobody@example.com',
        pending: 'pending.resend@example.com',
        verified: 'verified.resend@example.com',
      }
      await post(t, 'subscribe', { email: emails.pending })
      await post(t, 'subscribe', { email: emails.verified })
      const { verify } = await tokensFromLatestMail(t, emails.verified)
      expect((await post(t, 'verify', { token: verify })).status).toBe(200)
      await passCooldown(t, emails.pending)
      const before = {
        pending: (await mailsTo(t, emails.pending)).length,
        verified: (await mailsTo(t, emails.verified)).length,
      }

      // The same address in each answer's place, so the answers can be compared whole.
      const answer = async (email: string) => {
        const res = await post(t, 'resend', { email })
        return {
          status: res.status,
          contentType: res.headers.get('content-type'),
          body: (await res.text()).replace(email, '<email>'),
        }
      }
      const unknown = await answer(emails.unknown)
      expect(unknown).toEqual({
        status: 200,
        contentType: 'application/json',
        body: '{"state":"verification_sent","email":"<email>"}',
      })
      expect(await answer(emails.pending)).toEqual(unknown)
      expect(await answer(emails.verified)).toEqual(unknown)

      expect(await mailsTo(t, emails.unknown)).toEqual([])
      const [subscriber] = await t.database.db
        .select()
        .from(launchSubscribers)
        .where(eq(launchSubscribers.email, emails.unknown))
      expect(subscriber).toBeUndefined()
      expect((await mailsTo(t, emails.pending)).length).toBe(before.pending + 1)
      expect((await mailsTo(t, emails.verified)).length).toBe(before.verified)
    })
  })

  describe('unsubscribe', () => {
    it('unsubscribes with the mailed token, and again harmlessly', async () => {
      await post(t, 'subscribe', { email: 'leaver@example.com' })
      const { unsubscribe } = await tokensFromLatestMail(t, 'leaver@example.com')
      for (let i = 0; i < 2; i++) {
        const res = await post(t, 'unsubscribe', { token: unsubscribe })
        expect(res.status).toBe(200)
        expect(await res.json()).toEqual({ email: 'leaver@example.com' })
      }
      const [row] = await t.database.db
        .select()
        .from(launchSubscribers)
        .where(eq(launchSubscribers.email, 'leaver@example.com'))
      expect(row!.status).toBe('unsubscribed')
      expect(row!.unsubscribedAt).toBeInstanceOf(Date)
    })

    it('supports RFC 8058 one-click POSTs from mail providers, and sends a GET to the page', async () => {
      await post(t, 'subscribe', { email: 'oneclick@example.com' })
      const { mail } = await tokensFromLatestMail(t, 'oneclick@example.com')
      const url = mail.headers['List-Unsubscribe']!.slice(1, -1).replace(TEST_ORIGIN, '')
      const get = await t.app.request(url)
      expect(get.status).toBe(303)
      expect(get.headers.get('location')).toMatch(/^\/unsubscribe\?token=/)
      const res = await t.app.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(res.status).toBe(200)
      const [row] = await t.database.db
        .select()
        .from(launchSubscribers)
        .where(eq(launchSubscribers.email, 'oneclick@example.com'))
      expect(row!.status).toBe('unsubscribed')
    })

    it('refuses a token made for the other purpose', async () => {
      await post(t, 'subscribe', { email: 'purpose@example.com' })
      const { verify, unsubscribe } = await tokensFromLatestMail(t, 'purpose@example.com')
      const wrongVerify = await post(t, 'verify', { token: unsubscribe })
      expect(wrongVerify.status).toBe(400)
      expect((await wrongVerify.json()).error.message).toBe(VERIFY_FAILED)
      const wrongUnsubscribe = await post(t, 'unsubscribe', { token: verify })
      expect(wrongUnsubscribe.status).toBe(400)
      expect((await wrongUnsubscribe.json()).error.message).toBe(UNSUBSCRIBE_FAILED)
    })

    it('does not let a sign-up undo an unsubscribe of a verified address', async () => {
      const { unsubscribe } = await verifiedSubscriber(t, 'verified.leaver@example.com')
      expect((await post(t, 'unsubscribe', { token: unsubscribe })).status).toBe(200)
      const res = await post(t, 'subscribe', { email: 'verified.leaver@example.com' })
      expect((await res.json()).state).toBe('verified')
      const [row] = await t.database.db
        .select()
        .from(launchSubscribers)
        .where(eq(launchSubscribers.email, 'verified.leaver@example.com'))
      expect(row!.status).toBe('unsubscribed')
    })
  })

  describe('bad input: 400 with a clear message, nothing stored, no mail queued', () => {
    const long = `${'x'.repeat(10 * 1024)}@example.com`
    const cases: [path: string, body: string | object, headers?: Record<string, string>][] = [
      ['subscribe', {}],
      ['subscribe', { email: '' }],
      ['subscribe', { email: '   ' }],
      ['subscribe', { email: 'not-an-email' }],
      ['subscribe', { email: 'trader@' }],
      ['subscribe', { email: '@example.com' }],
      ['subscribe', { email: 'two words@example.com' }],
      ['subscribe', { email: '<script>@example.com' }],
      ['subscribe', { email: long }],
      ['subscribe', { email: 123 }],
      ['subscribe', { email: null }],
      ['subscribe', { email: ['a@example.com'] }],
      ['subscribe', { email: { address: 'a@example.com' } }],
      ['subscribe', { email: 'a@example.com', isOg: false }],
      ['subscribe', '{"email": "a@example.com"'],
      ['subscribe', '[]'],
      ['subscribe', 'null'],
      ['subscribe', 'email=a@example.com', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['subscribe', '{"email":"a@example.com"}', { 'content-type': 'text/plain' }],
      ['resend', { email: 'not-an-email' }],
      ['resend', { email: 'a@example.com', extra: true }],
      ['verify', {}],
      ['verify', { token: '' }],
      ['verify', { token: 'short' }],
      ['verify', { token: 'x'.repeat(10 * 1024) }],
      ['verify', { token: 42 }],
      ['verify', { token: '!'.repeat(43) }],
      ['verify', { token: 'a'.repeat(43), email: 'a@example.com' }],
      ['unsubscribe', { token: 'a'.repeat(44) }],
      ['unsubscribe', '{'],
    ]
    for (const [path, body, headers] of cases) {
      it(`${path} ${JSON.stringify(body).slice(0, 60)}${headers ? ` as ${headers['content-type']}` : ''}`, async () => {
        const before = await rowCounts(t)
        const res = await post(t, path, body, headers)
        expect(res.status).toBe(400)
        const json = await res.json()
        expect(json.error.code).toMatch(/^(BAD_REQUEST|VALIDATION_FAILED)$/)
        expect(json.error.message.length).toBeGreaterThan(5)
        expect(await rowCounts(t)).toEqual(before)
      })
    }

    it('names the problem in the message', async () => {
      const res = await post(t, 'subscribe', { email: 'not-an-email' })
      expect((await res.json()).error).toMatchObject({
        message: 'email: Enter a valid e-mail address',
        fields: { email: 'Enter a valid e-mail address' },
      })
      const long = await post(t, 'subscribe', { email: `${'x'.repeat(300)}@example.com` })
      expect((await long.json()).error.message).toContain('too long')
    })

    it('refuses a one-click unsubscribe with a malformed token', async () => {
      const res = await t.app.request('/api/launch-list/one-click-unsubscribe?token=nope', { method: 'POST' })
      expect(res.status).toBe(400)
    })
  })

  it('takes 200 concurrent sign-ups of distinct addresses: 200 rows and 200 mails, no duplicates', async () => {
    const before = await rowCounts(t)
    const emails = Array.from({ length: 200 }, (_, i) => `crowd${i}@example.com`)
    const results = await Promise.all(emails.map((email) => post(t, 'subscribe', { email })))
    expect(results.map((r) => r.status)).toEqual(emails.map(() => 200))
    const after = await rowCounts(t)
    expect(after.subscribers - before.subscribers).toBe(200)
    expect(after.mails - before.mails).toBe(200)
    const recipients = await t.database.db
      .select({ to: pendingEmails.toEmail, n: count() })
      .from(pendingEmails)
      .where(sql`${pendingEmails.toEmail} like 'crowd%'`)
      .groupBy(pendingEmails.toEmail)
    expect(recipients).toHaveLength(200)
    expect(recipients.every((r) => r.n === 1)).toBe(true)
  })
})

describe('one new address signed up twice at once', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())

  it('sends one mail: the other sign-up meets the cooldown', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(t, 'subscribe', { email: 'twice@example.com' })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429])
    const mails = await t.database.db
      .select({ n: count() })
      .from(pendingEmails)
      .where(eq(pendingEmails.toEmail, 'twice@example.com'))
    expect(mails[0]!.n).toBe(1)
  })
})

describe('launch list for admins: /api/admin/launch-list', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ catalog: false, env: { ADMIN_EMAIL: 'boss@example.com' } })
  })
  afterAll(() => t.close())

  it('lists, counts and exports subscribers for the admin only, defusing spreadsheet formulas', async () => {
    await post(t, 'subscribe', { email: 'first@example.com' })
    await post(t, 'subscribe', { email: '-cmd@example.com' })
    const { verify } = await tokensFromLatestMail(t, 'first@example.com')
    await post(t, 'verify', { token: verify })

    // A visitor, then a signed-in trader who is not the admin: refused, and nothing is shown.
    expect((await send(t, '/api/admin/launch-list')).status).toBe(401)
    const { cookie: trader } = await createVerifiedUser(t, 'trader@example.com')
    const refused = await send(t, '/api/admin/launch-list', { cookie: trader })
    expect(refused.status).toBe(403)
    expect(await refused.text()).not.toContain('first@example.com')
    expect((await send(t, '/api/admin/launch-list/export.csv', { cookie: trader })).status).toBe(403)

    const { cookie: boss } = await createVerifiedUser(t, 'boss@example.com')
    const res = await send(t, '/api/admin/launch-list?status=verified', { cookie: boss })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const body = (await res.json()) as SubscriberListResponse
    expect(body.counts).toEqual({ pending: 1, verified: 1, unsubscribed: 0 })
    expect(body.subscribers.map((s) => s.email)).toEqual(['first@example.com'])
    expect(body.subscribers[0]).not.toHaveProperty('verificationTokenHash')
    const all = (await (
      await send(t, '/api/admin/launch-list', { cookie: boss })
    ).json()) as SubscriberListResponse
    expect(all.subscribers).toHaveLength(2)
    for (const bad of ['?status=gone', '?page=0', '?page=x', '?limit=5']) {
      expect((await send(t, `/api/admin/launch-list${bad}`, { cookie: boss })).status, bad).toBe(400)
    }

    const exported = await send(t, '/api/admin/launch-list/export.csv', { cookie: boss })
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(exported.headers.get('content-disposition')).toContain('launch-list.csv')
    const csv = (await exported.text()).split('\n')
    expect(csv[0]).toBe('email,status,verified,is_og,created_at,verified_at,unsubscribed_at')
    expect(csv).toHaveLength(3)
    expect(csv.some((line) => line.startsWith('"first@example.com","verified","true","true"'))).toBe(true)
    expect(csv.some((line) => line.startsWith(`"'-cmd@example.com"`))).toBe(true)
  })
})

describe('launch list abuse limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      catalog: false,
      env: { TRUST_PROXY: 'true' },
      limits: {
        'launch-list': {
          subscribePerIp: { max: 3, windowSeconds: 600 },
          resendPerIp: { max: 2, windowSeconds: 600 },
          mailsPerEmail: { max: 2, windowSeconds: 3600 },
          tokenAttemptsPerIp: { max: 3, windowSeconds: 600 },
        },
      },
    })
  })
  afterAll(() => t.close())
  const from = (ip: string) => ({ 'x-forwarded-for': ip })

  it('limits sign-ups per IP address', async () => {
    for (let i = 0; i < 3; i++)
      expect((await post(t, 'subscribe', { email: `ip${i}@example.com` }, from('10.0.0.1'))).status).toBe(200)
    const limited = await post(t, 'subscribe', { email: 'ip3@example.com' }, from('10.0.0.1'))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500)
    expect((await post(t, 'subscribe', { email: 'ip3@example.com' }, from('10.0.0.2'))).status).toBe(200)
  })

  it('limits mails per e-mail address across sign-ups and resends', async () => {
    const email = 'many@example.com'
    expect((await post(t, 'subscribe', { email }, from('10.0.1.1'))).status).toBe(200)
    await passCooldown(t, email)
    expect((await post(t, 'resend', { email }, from('10.0.1.2'))).status).toBe(200)
    await passCooldown(t, email)
    const third = await post(t, 'resend', { email }, from('10.0.1.3'))
    expect(third.status).toBe(429)
    expect((await mailsTo(t, email)).length).toBe(2)
  })

  it('limits token guesses per IP address', async () => {
    for (let i = 0; i < 3; i++)
      expect((await post(t, 'verify', { token: 'b'.repeat(43) }, from('10.0.2.1'))).status).toBe(400)
    expect((await post(t, 'verify', { token: 'b'.repeat(43) }, from('10.0.2.1'))).status).toBe(429)
    expect((await post(t, 'unsubscribe', { token: 'b'.repeat(43) }, from('10.0.2.1'))).status).toBe(429)
  })
})
