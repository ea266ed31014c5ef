import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { profiles } from '@/features/accounts/tables'
import { REFERRAL_COOKIE } from '@/features/achievements/rules'
import { referrals } from '@/features/achievements/tables'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import {
  cookiesOf,
  createMagicLinkUser,
  createVerifiedUser,
  currentUser,
  lastMailLink,
  STRONG_PASSWORD,
  send,
} from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { accounts, users } from './tables'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const OTHER_PASSWORD = 'Walrus-Market-7731'
const VERIFY_SUBJECT = 'Verify your e-mail for TradeHub'

const signUp = (t: TestApp, email: string, password = STRONG_PASSWORD) =>
  send(t, '/api/auth/sign-up/email', { body: { email, password, name: '', callbackURL: '/' } })

const signIn = (t: TestApp, email: string, password: string) =>
  send(t, '/api/auth/sign-in/email', { body: { email, password } })

async function userOf(t: TestApp, email: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email))
  return user
}

async function accountsOf(t: TestApp, userId: string) {
  return t.database.db.select().from(accounts).where(eq(accounts.userId, userId))
}

async function verifyMailsTo(t: TestApp, email: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(pendingEmails)
    .where(and(eq(pendingEmails.toEmail, email), eq(pendingEmails.subject, VERIFY_SUBJECT)))
  return row!.n
}

/** Makes the database refuse inserts into `table` whose row matches `condition` (SQL on NEW). */
async function refuseInserts(t: TestApp, table: string, condition: string) {
  const name = `test_refuse_${table}`
  await t.database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${condition} THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$`),
  )
  await t.database.db.execute(
    sql.raw(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`),
  )
  return () => t.database.db.execute(sql.raw(`DROP TRIGGER ${name} ON ${table}`))
}

/** A users row alone, as an instance killed between the user and its password left it. */
async function unfinishedUser(t: TestApp, email: string) {
  const id = crypto.randomUUID()
  await t.database.db.insert(users).values({ id, email, name: '', emailVerified: false })
  return id
}

/** Follows the newest link mailed to `email` like the browser; returns the cookies it sets. */
async function followMailLink(t: TestApp, email: string) {
  const link = new URL(await lastMailLink(t, email))
  expect(link.origin).toBe(TEST_ORIGIN)
  return send(t, link.pathname + link.search)
}

describe('sign-up: the account, its password and its verification mail in one transaction', () => {
  let t: TestApp
  let undo: (() => Promise<unknown>) | null = null
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterEach(async () => {
    await undo?.()
    undo = null
    t.loggedErrors.length = 0
  })
  afterAll(() => t.close())

  it('queues exactly one verification mail, with the profile row, for a new account', async () => {
    const email = 'atomic-new@example.com'
    const res = await signUp(t, email)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ token: null, user: { email, emailVerified: false } })
    const user = await userOf(t, email)
    expect(await accountsOf(t, user!.id)).toMatchObject([{ providerId: 'credential' }])
    expect(await t.database.db.select().from(profiles).where(eq(profiles.userId, user!.id))).toHaveLength(1)
    expect(await verifyMailsTo(t, email)).toBe(1)
  })

  it('records the invite that brought the new account, in its transaction', async () => {
    const inviter = await unfinishedUser(t, 'atomic-inviter@example.com')
    await t.database.db.insert(profiles).values({ userId: inviter, username: 'atomic_inviter' })
    const email = 'atomic-invited@example.com'
    const res = await send(t, '/api/auth/sign-up/email', {
      body: { email, password: STRONG_PASSWORD, name: '', callbackURL: '/' },
      headers: { cookie: `${REFERRAL_COOKIE}=atomic_inviter` },
    })
    expect(res.status).toBe(200)
    const user = await userOf(t, email)
    expect(
      await t.database.db.select().from(referrals).where(eq(referrals.referredId, user!.id)),
    ).toMatchObject([{ referrerId: inviter }])
  })

  it('leaves no account when the password cannot be stored after the user row', async () => {
    const email = 'atomic-no-password@example.com'
    undo = await refuseInserts(
      t,
      'accounts',
      `NEW.user_id IN (SELECT id FROM users WHERE email = '${email}')`,
    )
    const res = await signUp(t, email)
    expect(res.status).toBe(500)
    expect(await userOf(t, email)).toBeUndefined()
    expect(await verifyMailsTo(t, email)).toBe(0)

    // The address is free again: signing up once more works as for anyone.
    await undo()
    undo = null
    expect((await signUp(t, email)).status).toBe(200)
    expect(await verifyMailsTo(t, email)).toBe(1)
  })

  it('leaves no account when its verification mail cannot be queued', async () => {
    const email = 'atomic-no-mail@example.com'
    undo = await refuseInserts(t, 'pending_emails', `NEW.to_email = '${email}'`)
    const res = await signUp(t, email)
    expect(res.status).toBe(500)
    expect(await userOf(t, email)).toBeUndefined()
  })
})

describe('signing up again', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())

  it('finishes an account left without a password: a verification mail, then sign-in', async () => {
    const email = 'unfinished@example.com'
    const id = await unfinishedUser(t, email)
    expect((await signIn(t, email, OTHER_PASSWORD)).status).toBe(401)

    const res = await signUp(t, email, OTHER_PASSWORD)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ token: null, user: { email, emailVerified: false } })
    expect(await verifyMailsTo(t, email)).toBe(1)
    expect(await accountsOf(t, id)).toMatchObject([{ providerId: 'credential', accountId: id }])
    expect(await t.database.db.select().from(profiles).where(eq(profiles.userId, id))).toHaveLength(1)

    const verified = await followMailLink(t, email)
    expect(verified.status).toBe(302)
    expect(await currentUser(t, cookiesOf(verified))).toMatchObject({ id, email, emailVerified: true })
    const signedIn = await signIn(t, email, OTHER_PASSWORD)
    expect(signedIn.status).toBe(200)
    expect(await currentUser(t, cookiesOf(signedIn))).toMatchObject({ id })
  })

  it('finishes no account with a sign-up Better Auth refuses (a weak password, no name)', async () => {
    const email = 'unfinished-refused@example.com'
    const id = await unfinishedUser(t, email)
    expect((await signUp(t, email, 'password')).status).toBe(400)
    const nameless = await send(t, '/api/auth/sign-up/email', { body: { email, password: OTHER_PASSWORD } })
    expect(nameless.status).toBe(400)
    expect(await accountsOf(t, id)).toEqual([])
    expect(await verifyMailsTo(t, email)).toBe(0)
  })

  it('finishes an unfinished account once when two sign-ups for it come at once', async () => {
    const email = 'unfinished-twice@example.com'
    const id = await unfinishedUser(t, email)
    const answers = await Promise.all([signUp(t, email, OTHER_PASSWORD), signUp(t, email)])
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    expect(await accountsOf(t, id)).toHaveLength(1)
    expect(await verifyMailsTo(t, email)).toBe(1)
  })

  it('changes nothing on a verified account: same answer, no mail, the password stays', async () => {
    const email = 'verified-again@example.com'
    await createVerifiedUser(t, email)
    const user = await userOf(t, email)
    const before = await accountsOf(t, user!.id)
    const mails = await verifyMailsTo(t, email)

    const res = await signUp(t, email, OTHER_PASSWORD)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ token: null, user: { email, emailVerified: false } })
    expect(body.user.id).not.toBe(user!.id) // the answer of a new address: nothing told
    expect(await accountsOf(t, user!.id)).toEqual(before)
    expect(await verifyMailsTo(t, email)).toBe(mails)
    expect((await signIn(t, email, OTHER_PASSWORD)).status).toBe(401)
    expect((await signIn(t, email, STRONG_PASSWORD)).status).toBe(200)
  })

  it('sets no password on a verified account without one (signed up by magic link)', async () => {
    const email = 'magic-again@example.com'
    await createMagicLinkUser(t, email)
    const user = await userOf(t, email)
    const res = await signUp(t, email, OTHER_PASSWORD)
    expect(res.status).toBe(200)
    expect(await accountsOf(t, user!.id)).toEqual([])
    expect(await verifyMailsTo(t, email)).toBe(0)
    expect((await signIn(t, email, OTHER_PASSWORD)).status).toBe(401)
  })

  it('changes nothing on an unverified account that has a password', async () => {
    const email = 'unverified-again@example.com'
    expect((await signUp(t, email)).status).toBe(200)
    const user = await userOf(t, email)
    const before = await accountsOf(t, user!.id)

    const res = await signUp(t, email, OTHER_PASSWORD)
    expect(res.status).toBe(200)
    expect(await accountsOf(t, user!.id)).toEqual(before)
    expect(await verifyMailsTo(t, email)).toBe(1)
    // The owner verifies with the first mail and signs in with the first password only.
    expect((await followMailLink(t, email)).status).toBe(302)
    expect((await signIn(t, email, OTHER_PASSWORD)).status).toBe(401)
    expect((await signIn(t, email, STRONG_PASSWORD)).status).toBe(200)
  })

  it('sets no password on an unverified account that signs in with a provider', async () => {
    const email = 'provider-unverified@example.com'
    const id = await unfinishedUser(t, email)
    await t.database.db.insert(accounts).values({
      id: crypto.randomUUID(),
      userId: id,
      providerId: 'discord',
      accountId: '1234',
      updatedAt: new Date(),
    })
    const res = await signUp(t, email, OTHER_PASSWORD)
    expect(res.status).toBe(200)
    expect(await accountsOf(t, id)).toMatchObject([{ providerId: 'discord' }])
    expect(await verifyMailsTo(t, email)).toBe(0)
  })

  it('gets a verification mail to an account with a password whose mail was lost, by signing in', async () => {
    const email = 'mail-lost@example.com'
    expect((await signUp(t, email)).status).toBe(200)
    await t.database.db.delete(pendingEmails).where(eq(pendingEmails.toEmail, email))

    const res = await signIn(t, email, STRONG_PASSWORD)
    expect(res.status).toBe(403)
    expect(await verifyMailsTo(t, email)).toBe(1)
    expect((await followMailLink(t, email)).status).toBe(302)
    expect((await signIn(t, email, STRONG_PASSWORD)).status).toBe(200)
  })
})
