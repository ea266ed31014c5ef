import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ContactListResponse, contactResponseSchema } from '@/features/contact/contract'
import { contactMessages } from '@/features/contact/tables'
import { userRoles } from '@/features/roles/tables'
import { auditLog } from '@/platform/server/lib/audit-tables'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { createVerifiedUser, meOf, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const message = (overrides: Record<string, unknown> = {}) => ({
  topic: 'bug',
  message: 'The calculator shows the wrong total for two Kitsunes.',
  email: 'Trader@Example.com',
  ...overrides,
})

const contact = (t: TestApp, body: unknown, ip = '10.9.0.1') =>
  send(t, '/api/contact', { body, headers: { 'x-forwarded-for': ip } })

async function storedCount(t: TestApp) {
  const [row] = await t.database.db.select({ n: count() }).from(contactMessages)
  return row!.n
}

describe('contact form: POST /api/contact', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      catalog: false,
      env: { ADMIN_EMAIL: 'boss@example.com', TRUST_PROXY: 'true' },
      limits: { contact: { messagesPerIp: { max: 3, windowSeconds: 3600 } } },
    })
  })
  afterAll(() => t.close())

  it('stores the message, mails it to the admins and answers the same whatever the address', async () => {
    const { cookie } = await createVerifiedUser(t, 'second-admin@example.com')
    const me = await meOf(t, cookie)
    await t.database.db.insert(userRoles).values({ userId: me.id, role: 'admin' })

    const res = await contact(t, message({ message: '  Line one\n<b>Line two</b>  ' }), '10.9.1.1')
    expect(res.status).toBe(200)
    const answer = contactResponseSchema.parse(await res.json())
    expect(answer).toEqual({ state: 'received' })
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'trader@example.com'))
    expect(row).toMatchObject({ topic: 'bug', message: 'Line one\n<b>Line two</b>', status: 'new' })

    const mails = await t.database.db.select().from(pendingEmails).orderBy(pendingEmails.toEmail)
    expect(
      mails.filter((m) => m.subject === 'New contact message: Bug report').map((m) => m.toEmail),
    ).toEqual(['boss@example.com', 'second-admin@example.com'])
    const mail = mails.find((m) => m.toEmail === 'boss@example.com' && m.subject.startsWith('New contact'))!
    expect(mail.headers).toEqual({ 'Reply-To': 'trader@example.com' })
    expect(mail.htmlBody).toContain('&lt;b&gt;Line two&lt;/b&gt;')
    expect(mail.htmlBody).not.toContain('<b>Line two')
    expect(mail.textBody).toContain('Line one')

    // An address with an account gets the very same answer (nobody learns who has one).
    const known = await contact(t, message({ email: 'second-admin@example.com' }), '10.9.1.2')
    expect(await known.json()).toEqual(answer)
  })

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = await storedCount(t)
    const bad = [
      message({ topic: 'bribe' }),
      message({ message: 'short' }),
      message({ message: 'x'.repeat(2001) }),
      message({ message: 'null \u0000 character inside' }),
      message({ email: 'not-an-address' }),
      message({ extra: true }),
      { topic: 'bug', email: 'a@example.com' },
      'not json',
    ]
    for (const [i, body] of bad.entries()) {
      const res = await contact(t, body, `10.9.2.${i}`)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect(await storedCount(t)).toBe(before)
  })

  it('limits messages per client address (429 with Retry-After), other addresses still get through', async () => {
    for (let i = 0; i < 3; i++) expect((await contact(t, message(), '10.9.3.1')).status).toBe(200)
    const before = await storedCount(t)
    const limited = await contact(t, message(), '10.9.3.1')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect(await storedCount(t)).toBe(before)
    expect((await contact(t, message(), '10.9.3.2')).status).toBe(200)
  })
})

describe('contact messages for admins: /api/admin/contact-messages', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ catalog: false, env: { ADMIN_EMAIL: 'boss@example.com' } })
  })
  afterAll(() => t.close())

  it('lists messages and changes their status for admins only', async () => {
    expect((await send(t, '/api/contact', { body: message({ email: 'first@example.com' }) })).status).toBe(
      200,
    )
    expect((await send(t, '/api/contact', { body: message({ topic: 'idea' }) })).status).toBe(200)

    // A visitor, then a signed-in trader who is not an admin: refused, nothing shown, nothing changed.
    expect((await send(t, '/api/admin/contact-messages')).status).toBe(401)
    const { cookie: trader } = await createVerifiedUser(t, 'trader-two@example.com')
    const refused = await send(t, '/api/admin/contact-messages', { cookie: trader })
    expect(refused.status).toBe(403)
    expect(await refused.text()).not.toContain('first@example.com')
    const [first] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'first@example.com'))
    const patch = (cookie: string | undefined, body: unknown, id: number | string = first!.id) =>
      send(t, `/api/admin/contact-messages/${id}`, { method: 'PATCH', cookie, body })
    expect((await patch(undefined, { status: 'closed' })).status).toBe(401)
    expect((await patch(trader, { status: 'closed' })).status).toBe(403)

    const { cookie: boss } = await createVerifiedUser(t, 'boss@example.com')
    const res = await send(t, '/api/admin/contact-messages', { cookie: boss })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const list = (await res.json()) as ContactListResponse
    expect(list.counts).toEqual({ new: 2, answered: 0, closed: 0 })
    expect(list.messages.map((m) => [m.topic, m.email])).toEqual([
      ['idea', 'trader@example.com'],
      ['bug', 'first@example.com'],
    ])

    const answered = await patch(boss, { status: 'answered' })
    expect(answered.status).toBe(200)
    expect(await answered.json()).toMatchObject({ id: first!.id, status: 'answered' })
    const filtered = (await (
      await send(t, '/api/admin/contact-messages?status=answered', { cookie: boss })
    ).json()) as ContactListResponse
    expect(filtered.messages.map((m) => m.email)).toEqual(['first@example.com'])
    expect(filtered.counts).toEqual({ new: 1, answered: 1, closed: 0 })
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'contact.status'))
    expect(audit).toMatchObject({ actorEmail: 'boss@example.com', detail: { status: 'answered' } })

    // Bad input: 400 (or 404 for no such message), and the status stays.
    for (const body of [{ status: 'deleted' }, {}, { status: 'closed', note: 'x' }])
      expect((await patch(boss, body)).status, JSON.stringify(body)).toBe(400)
    expect((await patch(boss, { status: 'closed' }, 'abc')).status).toBe(400)
    expect((await patch(boss, { status: 'closed' }, 999_999)).status).toBe(404)
    for (const bad of ['?status=gone', '?page=0', '?limit=5'])
      expect((await send(t, `/api/admin/contact-messages${bad}`, { cookie: boss })).status, bad).toBe(400)
    const [still] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, first!.id))
    expect(still!.status).toBe('answered')
  })
})
