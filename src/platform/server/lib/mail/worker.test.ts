import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '@/platform/server/db/client'
import { loadEnv } from '@/platform/server/env'
import { createLogger } from '@/platform/server/lib/logger'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { OUTBOX_KEEP_DAYS } from '@/shared/constants'
import { createTestDatabase } from '@/test/database'
import { startSmtpSink } from '@/test/smtp-sink'
import { enqueueMail } from './outbox'
import { createMailTransport, type MailTransport, messageIdFor } from './transport'
import { OutboxWorker } from './worker'

const logger = createLogger('silent')
const smtpTransport = (url: string) =>
  createMailTransport(loadEnv({ SMTP_URL: url, PUBLIC_URL: 'http://localhost:3000' }), logger)
const fast = { pollMs: 50, backoffBaseMs: 40, backoffMaxMs: 200 }

const mail = (to: string, priority = 1) => ({
  to,
  subject: `Hello ${to}`,
  html: `<p>Hi ${to}</p>`,
  text: `Hi ${to}`,
  priority,
})

describe('outbox worker', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  const rows = () => database.db.select().from(pendingEmails).orderBy(pendingEmails.id)
  const statuses = async () => (await rows()).map((r) => r.status)
  const cleanups: (() => Promise<void> | void)[] = []
  beforeEach(async () => {
    database = await createTestDatabase()
  })
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn()
    await database.drop()
  })

  async function worker(
    transport: MailTransport,
    options: Partial<ConstructorParameters<typeof OutboxWorker>[0]> = {},
  ) {
    const w = new OutboxWorker({ database, transport, logger, ...fast, ...options })
    cleanups.push(() => w.stop())
    return w
  }

  it(`removes sent and failed mails older than ${OUTBOX_KEEP_DAYS} days, and keeps the rest`, async () => {
    const w = await worker({ kind: 'smtp', send: async () => {}, close: () => {} })
    const ids: Record<string, number> = {}
    for (const [name, status, days] of [
      ['oldSent', 'sent', OUTBOX_KEEP_DAYS + 1],
      ['oldFailed', 'failed', OUTBOX_KEEP_DAYS + 1],
      ['oldPending', 'pending', OUTBOX_KEEP_DAYS + 1],
      ['recentSent', 'sent', OUTBOX_KEEP_DAYS - 1],
    ] as const) {
      ids[name] = await enqueueMail(database.db, mail(`${name}@example.com`))
      await database.db
        .update(pendingEmails)
        .set({
          status,
          createdAt: sql`now() - make_interval(days => ${days})`,
          nextAttemptAt: sql`now() + interval '1 day'`,
        })
        .where(eq(pendingEmails.id, ids[name]!))
    }
    await w.prune()
    expect((await rows()).map((r) => r.toEmail)).toEqual(['oldPending@example.com', 'recentSent@example.com'])
  })

  it('sends a new mail at once (woken by NOTIFY, not by polling) with a Message-ID from the row id', async () => {
    const sink = await startSmtpSink()
    cleanups.push(sink.close)
    // Polling once an hour: a mail that arrives within the test was woken by NOTIFY.
    const w = await worker(smtpTransport(sink.url), { pollMs: 3_600_000 })
    await w.start()
    const id = await enqueueMail(database.db, mail('fast@example.com'))
    await expect.poll(() => sink.mails.length, { timeout: 30_000 }).toBe(1)
    expect(sink.mails[0]!.messageId).toBe(messageIdFor(id, 'http://localhost:3000'))
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['sent'])
    const [row] = await rows()
    expect(row).toMatchObject({ status: 'sent', attempts: 1, htmlBody: null, textBody: null })
    expect(row!.sentAt).toBeInstanceOf(Date)
  })

  it('retries while the SMTP peer is down and delivers every queued mail exactly once when it is back', async () => {
    const probe = await startSmtpSink()
    const port = probe.port
    await probe.close() // nothing listens on the port now
    const w = await worker(smtpTransport(`smtp://127.0.0.1:${port}`))
    for (let i = 0; i < 5; i++) await enqueueMail(database.db, mail(`down${i}@example.com`))
    await w.start()
    await expect
      .poll(async () => (await rows()).every((r) => r.attempts >= 2 && r.lastError), { timeout: 10_000 })
      .toBe(true)
    expect((await rows()).every((r) => r.status !== 'failed')).toBe(true)

    const sink = await startSmtpSink(port)
    cleanups.push(sink.close)
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(Array(5).fill('sent'))
    expect(sink.mails.map((m) => m.to).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `down${i}@example.com`))
    expect(new Set(sink.mails.map((m) => m.messageId)).size).toBe(5)
  })

  it('marks a mail failed only after its last attempt', async () => {
    const failing: MailTransport = {
      kind: 'smtp',
      send: async () => {
        throw new Error('550 mailbox unavailable')
      },
      close: () => {},
    }
    const id = await enqueueMail(database.db, mail('never@example.com'))
    await database.db.update(pendingEmails).set({ maxAttempts: 3 }).where(eq(pendingEmails.id, id))
    const w = await worker(failing)
    await w.start()
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['failed'])
    const [row] = await rows()
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: '550 mailbox unavailable' })
  })

  it('reclaims a mail whose worker died after claiming it, once the lease expires', async () => {
    const sink = await startSmtpSink()
    cleanups.push(sink.close)
    await enqueueMail(database.db, mail('orphan@example.com'))
    // This worker claims the row and "dies": it never delivers nor releases it.
    const dead = new OutboxWorker({ database, transport: smtpTransport(sink.url), logger, leaseMs: 60_000 })
    expect(await dead.claim()).toHaveLength(1)

    const survivor = await worker(smtpTransport(sink.url))
    await survivor.start()
    await survivor.idle() // its first look at the outbox is over: the row is still leased
    expect(sink.mails).toHaveLength(0)
    expect(await statuses()).toEqual(['sending'])

    // The lease runs out (as if its minute had passed): the survivor's next look takes the row over.
    await database.db.update(pendingEmails).set({ lockedUntil: sql`now() - interval '1 second'` })
    survivor.wake()
    await expect.poll(() => sink.mails.length, { timeout: 10_000 }).toBe(1)
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['sent'])
    const [row] = await rows()
    expect(row).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('gives back the claims it still holds when it stops: another instance sends them without waiting for the lease', async () => {
    const sink = await startSmtpSink()
    cleanups.push(sink.close)
    await enqueueMail(database.db, mail('handed-over@example.com'))
    // A claim whose delivery never ran: the stopping worker holds it under its 60 s lease.
    const stopping = new OutboxWorker({
      database,
      transport: smtpTransport(sink.url),
      logger,
      leaseMs: 60_000,
    })
    expect(await stopping.claim()).toHaveLength(1)
    await stopping.stop()
    expect(await rows()).toMatchObject([{ status: 'pending', lockedBy: null, lockedUntil: null }])

    const survivor = await worker(smtpTransport(sink.url))
    await survivor.start()
    await expect.poll(() => sink.mails.length, { timeout: 10_000 }).toBe(1)
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['sent'])
  })

  it('sends by priority: launch mails first', async () => {
    const sink = await startSmtpSink()
    cleanups.push(sink.close)
    await enqueueMail(database.db, mail('later@example.com', 5))
    await enqueueMail(database.db, mail('first@example.com', 1))
    const w = await worker(smtpTransport(sink.url), { batchSize: 1 })
    await w.start()
    await expect.poll(() => sink.mails.length, { timeout: 10_000 }).toBe(2)
    expect(sink.mails.map((m) => m.to)).toEqual(['first@example.com', 'later@example.com'])
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'sends each mail exactly once with two instances on one PostgreSQL',
    async () => {
      const sink = await startSmtpSink()
      cleanups.push(sink.close)
      const other = await openDatabase({ kind: 'postgres', url: database.url! })
      cleanups.push(() => other.close())
      const sent = { a: 0, b: 0 }
      const counting = (name: 'a' | 'b'): MailTransport => {
        const inner = smtpTransport(sink.url)
        return {
          ...inner,
          send: async (m) => {
            await inner.send(m)
            sent[name]++
          },
        }
      }
      const a = await worker(counting('a'), { batchSize: 5 })
      const b = new OutboxWorker({ database: other, transport: counting('b'), logger, ...fast, batchSize: 5 })
      cleanups.push(() => b.stop())
      await Promise.all([a.start(), b.start()])
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => enqueueMail(database.db, mail(`pair${i}@example.com`))),
      )
      await expect.poll(statuses, { timeout: 20_000 }).toEqual(Array(100).fill('sent'))
      // Both workers stopped: no delivery is still under way, so every send has been counted.
      await Promise.all([a.stop(), b.stop()])
      expect(sink.mails).toHaveLength(100)
      expect(new Set(sink.mails.map((m) => m.messageId)).size).toBe(100)
      expect(sent.a + sent.b).toBe(100)
    },
  )
})
