import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ALERT_MESSAGES } from '@/features/alerts/contract'
import { alertSettings, discordDeliveries } from '@/features/alerts/tables'
import { NOTIFICATIONS_CHANNEL, notifications } from '@/features/notifications/server/public'
import { createLogger } from '@/platform/server/lib/logger'
import { send } from '@/test/accounts'
import { aliceAndBob } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { startWebhookReceiver, type WebhookReceiver } from '@/test/webhook-receiver'
import { postToWebhook } from './discord'
import { DISCORD_OFF, type DiscordPayload, DiscordWorker, enqueueDiscord } from './discord-worker'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const fast = { pollMs: 50, backoffBaseMs: 40, backoffMaxMs: 200 }
const alert = (n: number): DiscordPayload => ({
  content: `Beanstalk is in stock (${n})`,
  allowed_mentions: { parse: [] },
})

describe('Discord deliveries', () => {
  let t: TestApp
  let receiver: WebhookReceiver
  let alice: string
  let aliceId: string
  let bobId: string
  const workers: DiscordWorker[] = []
  const announced: string[] = []
  let unlisten: () => Promise<void>

  const rows = () => t.database.db.select().from(discordDeliveries).orderBy(discordDeliveries.id)
  const statuses = async () => (await rows()).map((r) => r.status)
  const enqueue = (userId: string, payload: DiscordPayload) =>
    t.database.db.transaction((tx) => enqueueDiscord(tx, userId, payload))
  async function startWorker(options: Partial<ConstructorParameters<typeof DiscordWorker>[0]> = {}) {
    const worker = new DiscordWorker({
      database: t.database,
      logger: createLogger('silent'),
      testOrigins: [receiver.origin],
      ...fast,
      ...options,
    })
    workers.push(worker)
    await worker.start()
    return worker
  }
  /** Saves a new webhook on the receiver as alice's, through the API. */
  async function aliceWebhook() {
    const hook = receiver.newWebhook()
    const res = await send(t, '/api/alert-settings', {
      method: 'PUT',
      body: { discordWebhookUrl: hook.url },
      cookie: alice,
    })
    expect(res.status).toBe(200)
    return hook
  }

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    t = await createTestApp({ env: { ALERT_WEBHOOK_TEST_ORIGINS: receiver.origin } })
    ;({ alice, aliceId, bobId } = await aliceAndBob(t))
    unlisten = await t.database.listen(NOTIFICATIONS_CHANNEL, (userId) => announced.push(userId))
  })
  afterAll(async () => {
    await unlisten()
    await t.close()
    await receiver.close()
  })
  beforeEach(async () => {
    await t.database.db.delete(discordDeliveries)
    await t.database.db.delete(notifications)
    await t.database.db.delete(alertSettings)
    receiver.reset()
    announced.length = 0
  })
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop()
    expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
  })

  it('posts a queued alert to the webhook at once (woken by NOTIFY, not by polling), once', async () => {
    const hook = await aliceWebhook()
    await startWorker({ pollMs: 60_000 })
    const id = await enqueue(aliceId, alert(1))
    await expect.poll(() => receiver.postsTo(hook.path).length).toBe(1)
    expect(receiver.postsTo(hook.path)[0]).toMatchObject({
      method: 'POST',
      body: alert(1),
      headers: { 'content-type': 'application/json' },
    })
    await expect.poll(statuses).toEqual(['sent'])
    const [row] = await rows()
    expect(row).toMatchObject({ id, status: 'sent', attempts: 1, lastError: null })
    expect(row!.sentAt).toBeInstanceOf(Date)
    expect(receiver.received).toHaveLength(1)
  })

  it('retries after a 500 and after a timeout, with backoff, then delivers', async () => {
    const hook = await aliceWebhook()
    receiver.reply(hook.path, { status: 500 }, 'hang', { status: 502 })
    // Long enough that an answer on a busy machine is not taken for the hang.
    await startWorker({ timeoutMs: 1500 })
    await enqueue(aliceId, alert(2))
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['sent'])
    const [row] = await rows()
    expect(row).toMatchObject({ attempts: 4, lastError: null })
    expect(receiver.postsTo(hook.path)).toHaveLength(4)
  })

  it('keeps the last error while retrying and fails after the last attempt', async () => {
    const hook = await aliceWebhook()
    receiver.reply(hook.path, { status: 500 }, { status: 500 }, { status: 500 })
    const id = await enqueue(aliceId, alert(3))
    await t.database.db.update(discordDeliveries).set({ maxAttempts: 3 }).where(eq(discordDeliveries.id, id))
    await startWorker()
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['failed'])
    expect((await rows())[0]).toMatchObject({ attempts: 3, lastError: 'Discord answered 500' })
    expect(receiver.postsTo(hook.path)).toHaveLength(3)
  })

  it('never follows a redirect: it is a failure, retried at the webhook itself', async () => {
    const hook = await aliceWebhook()
    const elsewhere = receiver.newWebhook()
    receiver.reply(
      hook.path,
      { status: 301, headers: { location: elsewhere.url } },
      { status: 307, headers: { location: elsewhere.url } },
    )
    await startWorker()
    await enqueue(aliceId, alert(4))
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['sent'])
    expect(receiver.postsTo(hook.path)).toHaveLength(3)
    expect(receiver.postsTo(elsewhere.path)).toEqual([])
    expect((await rows())[0]).toMatchObject({ attempts: 3 })
  })

  it("waits as long as a 429's Retry-After says", async () => {
    const hook = await aliceWebhook()
    receiver.reply(hook.path, { status: 429, headers: { 'retry-after': '1' }, body: '{"retry_after":1}' })
    // Backoff alone would try again within 40 to 200 ms.
    await startWorker()
    await enqueue(aliceId, alert(5))
    await expect
      .poll(async () => (await rows())[0]?.lastError, { timeout: 10_000 })
      .toBe('Discord answered 429: too many posts')
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['sent'])
    const [first, second] = receiver.postsTo(hook.path)
    expect(receiver.postsTo(hook.path)).toHaveLength(2)
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(900)
  })

  it("a 404 switches the user's Discord alerts off, fails their waiting posts and tells them once", async () => {
    const hook = await aliceWebhook()
    receiver.reply(hook.path, { status: 404, body: '{"message":"Unknown Webhook","code":10015}' })
    const bobHook = receiver.newWebhook()
    await t.database.db.insert(alertSettings).values({
      userId: bobId,
      discordWebhookUrl: bobHook.url,
      discordEnabled: true,
    })
    // Queued before the worker starts: the first of alice's finds the webhook gone.
    const first = await enqueue(aliceId, alert(6))
    await enqueue(aliceId, alert(7))
    await enqueue(bobId, alert(8))
    await startWorker({ batchSize: 1 })
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['failed', 'failed', 'sent'])
    expect(receiver.postsTo(hook.path)).toHaveLength(1)
    expect(receiver.postsTo(bobHook.path)).toHaveLength(1)

    const [settings] = await t.database.db
      .select()
      .from(alertSettings)
      .where(eq(alertSettings.userId, aliceId))
    expect(settings).toMatchObject({
      discordEnabled: false,
      discordProblem: ALERT_MESSAGES.webhookGone,
      discordWebhookUrl: hook.url,
    })
    const mine = await t.database.db.select().from(notifications)
    expect(mine).toMatchObject([
      {
        userId: aliceId,
        kind: 'system',
        title: 'Discord alerts switched off',
        body: ALERT_MESSAGES.webhookGone,
        link: '/profile?tab=alerts',
        dedupeKey: `discord-gone:${first}`,
      },
    ])
    await expect.poll(() => announced).toEqual([aliceId])
    // The settings say why; the notification is in the bell.
    const shown = await (await send(t, '/api/alert-settings', { cookie: alice })).json()
    expect(shown.discord).toMatchObject({ enabled: false, problem: ALERT_MESSAGES.webhookGone })
    const bell = await (await send(t, '/api/notifications/unread-count', { cookie: alice })).json()
    expect(bell).toEqual({ unread: 1 })

    // Later alerts are not posted while Discord is off; a new address turns it back on.
    await enqueue(aliceId, alert(9))
    await expect.poll(async () => (await rows()).at(-1)?.lastError, { timeout: 10_000 }).toBe(DISCORD_OFF)
    const fresh = await aliceWebhook()
    await enqueue(aliceId, alert(10))
    await expect.poll(() => receiver.postsTo(fresh.path).length, { timeout: 10_000 }).toBe(1)
    expect(receiver.postsTo(hook.path)).toHaveLength(1)
  })

  it('a post for a user without a webhook fails at once', async () => {
    await startWorker()
    await enqueue(bobId, alert(11))
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['failed'])
    expect((await rows())[0]).toMatchObject({ attempts: 1, lastError: DISCORD_OFF })
    expect(receiver.received).toEqual([])
  })

  // Two server processes on one PostgreSQL: PGlite is one process's database, so this needs a server.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'posts each delivery exactly once with two instances on one PostgreSQL',
    async () => {
      const hook = await aliceWebhook()
      const other = await createTestApp({ sameDatabaseAs: t })
      try {
        await startWorker({ batchSize: 5 })
        const second = new DiscordWorker({
          database: other.database,
          logger: createLogger('silent'),
          testOrigins: [receiver.origin],
          ...fast,
          batchSize: 5,
        })
        workers.push(second)
        await second.start()
        await Promise.all(Array.from({ length: 60 }, (_, i) => enqueue(aliceId, alert(100 + i))))
        await expect.poll(statuses, { timeout: 20_000 }).toEqual(Array(60).fill('sent'))
        for (const worker of workers.splice(0)) await worker.stop()
        const contents = receiver.postsTo(hook.path).map((r) => (r.body as { content: string }).content)
        expect(contents).toHaveLength(60)
        expect(new Set(contents).size).toBe(60)
      } finally {
        await other.close()
      }
    },
  )

  it('an enqueue rolled back with its transaction leaves nothing to post', async () => {
    await aliceWebhook()
    const worker = await startWorker()
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueDiscord(tx, aliceId, alert(12))
        throw new Error('the change behind the alert failed')
      }),
    ).rejects.toThrow('the change behind the alert failed')
    worker.wake()
    await worker.idle()
    expect(await rows()).toEqual([])
    expect(receiver.received).toEqual([])
  })
})

describe('postToWebhook', () => {
  const url = `https://discord.com/api/webhooks/123456789012345678/${'a'.repeat(40)}`

  it.each([
    [['127.0.0.1']],
    [['10.1.2.3']],
    [['162.159.128.233', '192.168.0.10']],
    [['::1']],
    [['::ffff:10.0.0.1']],
    [['fd00::1']],
    [[]],
  ])('refuses a Discord host that resolves to %j (DNS rebinding), before connecting', async (addresses) => {
    const resolved: string[] = []
    const result = await postToWebhook(url, alert(0), {
      testOrigins: [],
      resolve: async (host) => {
        resolved.push(host)
        return addresses
      },
    })
    expect(resolved).toEqual(['discord.com'])
    expect(result).toEqual({ ok: false, gone: false, error: ALERT_MESSAGES.webhookPrivate })
  })

  it('refuses an address the settings would refuse, without resolving it', async () => {
    let resolved = false
    const resolve = async () => {
      resolved = true
      return ['162.159.128.233']
    }
    for (const bad of [
      'http://127.0.0.1:9/api/webhooks/123456/abc',
      url.replace('discord.com', 'example.com'),
    ]) {
      const result = await postToWebhook(bad, alert(0), { testOrigins: [], resolve })
      expect(result.ok).toBe(false)
    }
    expect(resolved).toBe(false)
  })
})
