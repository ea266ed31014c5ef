import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { alertSettings, discordDeliveries } from '@/features/alerts/tables'
import { notifications } from '@/features/notifications/server/public'
import { createLogger } from '@/platform/server/lib/logger'
import { MAIL_PRIORITY } from '@/platform/server/lib/mail/outbox'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { send } from '@/test/accounts'
import { follow } from '@/test/alert-delivery'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { created, signedInTrader, TRADE_AD, type Trader } from '@/test/trading'
import { startWebhookReceiver, type WebhookReceiver } from '@/test/webhook-receiver'
import { DiscordWorker } from './discord-worker'
import { sendNextAlertMail } from './email-digest'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let t: TestApp
let receiver: WebhookReceiver

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  t = await createTestApp({ env: { ALERT_WEBHOOK_TEST_ORIGINS: receiver.origin } })
})
afterAll(async () => {
  await t.close()
  await receiver.close()
})
afterEach(() => {
  expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
})

/** An ad of `owner` and an offer of `offerer` on it, through the API. */
async function offerOn(owner: Trader, offerer: Trader) {
  const adId = await created(t, '/api/trade-ads', owner.cookie, TRADE_AD)
  const offerId = await created(t, `/api/trade-ads/${adId}/offers`, offerer.cookie)
  return { adId, offerId }
}

const write = async (offerId: number, by: Trader, body: string) => {
  const res = await send(t, `/api/trade-offers/${offerId}/messages`, { body: { body }, cookie: by.cookie })
  expect(res.status, await res.clone().text()).toBe(201)
}

/** The alert mails queued to a trader, oldest first. */
const mailsTo = (trader: Trader) =>
  t.database.db
    .select()
    .from(pendingEmails)
    .where(and(eq(pendingEmails.toEmail, trader.email), eq(pendingEmails.priority, MAIL_PRIORITY.bulk)))
    .orderBy(asc(pendingEmails.id))

/** The digest worker's round for every trader whose mail is due (as AlertMailWorker drains). */
async function mailDue() {
  while (await sendNextAlertMail({ db: t.database.db, publicUrl: TEST_ORIGIN, secret: t.secret })) {}
}

/** The 15 minutes since the trader's last alert mail have passed. */
const intervalOver = (trader: Trader) =>
  t.database.db
    .update(alertSettings)
    .set({ lastEmailAt: sql`now() - interval '16 minutes'`, emailDueAt: sql`now() - interval '1 second'` })
    .where(eq(alertSettings.userId, trader.id))

/** The Discord posts queued for a trader, oldest first. */
const discordOf = async (trader: Trader) =>
  (
    await t.database.db
      .select()
      .from(discordDeliveries)
      .where(eq(discordDeliveries.userId, trader.id))
      .orderBy(asc(discordDeliveries.id))
  ).map((row) => row.payload as { embeds: { title: string; description: string; url: string }[] })

const HOSTILE = '<script>alert(1)</script> @everyone [free robux](https://evil.example) & <@123>'

describe('trade notifications by e-mail', () => {
  it('mails the owner a new offer with a link to the ad, and a stop link for trade e-mails only', async () => {
    const [owner, offerer] = [await signedInTrader(t), await signedInTrader(t)]
    await follow(t, owner.id, { settings: { emailTrades: true } })
    const { adId } = await offerOn(owner, offerer)
    await mailDue()
    const [mail, ...others] = await mailsTo(owner)
    expect(others).toEqual([])
    expect(mail!.subject).toBe('New offer on your trade ad')
    expect(mail!.textBody).toContain(`${offerer.username} made an offer on your Blox Fruits ad.`)
    expect(mail!.textBody).toContain(`${TEST_ORIGIN}/trading/ad/${adId}`)
    expect(mail!.htmlBody).toContain(`href="${TEST_ORIGIN}/trading/ad/${adId}"`)
    expect(mail!.textBody).toContain('Stop trade e-mails')
    expect(mail!.textBody).toContain('because you turned on trade e-mails')
    expect(mail!.headers['List-Unsubscribe']).toContain('kind=trades')
    // The one-click link switches trade e-mails off; the next offer is in-app only.
    const oneClick = new URL(mail!.headers['List-Unsubscribe']!.replace(/^<|>$/g, ''))
    const res = await t.app.request(oneClick.pathname + oneClick.search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    await created(t, `/api/trade-ads/${adId}/offers`, (await signedInTrader(t)).cookie)
    await intervalOver(owner)
    await mailDue()
    expect(await mailsTo(owner)).toHaveLength(1)
  })

  it('a burst of messages is one mail per window, counting each conversation’s messages, hostile text escaped', async () => {
    const [owner, offerer] = [await signedInTrader(t), await signedInTrader(t)]
    await follow(t, owner.id, { settings: { emailTrades: true } })
    const { adId, offerId } = await offerOn(owner, offerer)
    await mailDue() // the offer's mail: the next may go 15 minutes later
    expect(await mailsTo(owner)).toHaveLength(1)

    for (const body of ['Hi', 'Still there?', HOSTILE]) await write(offerId, offerer, body)
    await mailDue()
    expect(await mailsTo(owner), 'nothing before the 15 minutes are over').toHaveLength(1)
    await intervalOver(owner)
    await mailDue()
    const mails = await mailsTo(owner)
    expect(mails).toHaveLength(2)
    const mail = mails[1]!
    expect(mail.subject).toBe(`New message from ${offerer.username}`)
    expect(mail.textBody).toContain('3 new messages; the latest: About the Blox Fruits trade:')
    expect(mail.textBody).toContain(`${TEST_ORIGIN}/trading/ad/${adId}?offer=${offerId}`)
    expect(mail.htmlBody).not.toContain('<script>')
    expect(mail.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.htmlBody).not.toContain('href="https://evil.example"')
    // Nothing waits any more: the messages are not mailed twice.
    await intervalOver(owner)
    await mailDue()
    expect(await mailsTo(owner)).toHaveLength(2)
  })

  it('sends nothing with trade e-mails off (other alert e-mails on), nor what the trader read on the site meanwhile', async () => {
    const [owner, offerer, reader] = [
      await signedInTrader(t),
      await signedInTrader(t),
      await signedInTrader(t),
    ]
    await follow(t, owner.id, { settings: { emailRestock: true, emailValue: true } })
    await follow(t, reader.id, { settings: { emailTrades: true } })
    await offerOn(owner, offerer)
    await offerOn(reader, offerer)
    const read = await send(t, '/api/notifications/read', { body: {}, cookie: reader.cookie })
    expect(read.status).toBe(200)
    await mailDue()
    expect(await mailsTo(owner)).toEqual([])
    expect(await mailsTo(reader)).toEqual([])
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.id))
    expect(notice, 'the bell still has it').toMatchObject({ kind: 'trade-offer', emailPending: false })
  })
})

describe('trade notifications on Discord', () => {
  async function withWebhook(trader: Trader, discordTrades: boolean) {
    const hook = receiver.newWebhook()
    const res = await send(t, '/api/alert-settings', {
      method: 'PUT',
      body: { discordWebhookUrl: hook.url, discordTrades },
      cookie: trader.cookie,
    })
    expect(res.status, await res.clone().text()).toBe(200)
    return hook
  }

  it('posts a trade event to the webhook as an embed linking to the ad, pinging no one', async () => {
    const [owner, offerer] = [await signedInTrader(t), await signedInTrader(t)]
    const hook = await withWebhook(owner, true)
    const { adId, offerId } = await offerOn(owner, offerer)
    expect(await discordOf(owner)).toEqual([
      {
        embeds: [
          {
            title: 'New offer on your trade ad',
            description: `${offerer.username.replaceAll('_', '\\_')} made an offer on your Blox Fruits ad.`,
            url: `${TEST_ORIGIN}/trading/ad/${adId}`,
            timestamp: expect.any(String),
          },
        ],
        allowed_mentions: { parse: [] },
      },
    ])
    // The offerer's decision reaches them; the owner's Discord hears of the offerer's messages.
    await write(offerId, offerer, HOSTILE)
    const [, message] = await discordOf(owner)
    const embed = message!.embeds[0]!
    expect(embed.url).toBe(`${TEST_ORIGIN}/trading/ad/${adId}?offer=${offerId}`)
    expect(embed.description).toContain('\\@everyone')
    expect(embed.description).toContain('\\[free robux\\]\\(https\\://evil.example\\)')
    expect(embed.description).toContain('\\<\\@123\\>')
    expect(embed.description).not.toMatch(/(^|[^\\])[@<[(]/)

    // The Discord outbox delivers them to the webhook.
    const worker = new DiscordWorker({
      database: t.database,
      logger: createLogger('silent'),
      testOrigins: [receiver.origin],
      pollMs: 50,
    })
    await worker.start()
    try {
      await expect.poll(() => receiver.postsTo(hook.path).length).toBe(2)
      expect(receiver.postsTo(hook.path)[0]!.body).toMatchObject({ allowed_mentions: { parse: [] } })
    } finally {
      await worker.stop()
    }
  })

  it('a conversation posts once until its message is read; bounds long text', async () => {
    const [owner, offerer] = [await signedInTrader(t), await signedInTrader(t)]
    await withWebhook(owner, true)
    const { offerId } = await offerOn(owner, offerer)
    await write(offerId, offerer, 'x'.repeat(1000))
    await write(offerId, offerer, 'Second')
    await write(offerId, offerer, 'Third')
    expect(await discordOf(owner)).toHaveLength(2) // the offer, the first message
    expect((await discordOf(owner))[1]!.embeds[0]!.description.length).toBeLessThanOrEqual(600)
    const read = await send(t, '/api/notifications/read', { body: {}, cookie: owner.cookie })
    expect(read.status).toBe(200)
    await write(offerId, offerer, 'Fourth')
    const posts = await discordOf(owner)
    expect(posts).toHaveLength(3)
    expect(posts[2]!.embeds[0]!.description).toContain('Fourth')
  })

  it('posts nothing while trades on Discord are off, or Discord is off', async () => {
    const [owner, offerer, removed] = [
      await signedInTrader(t),
      await signedInTrader(t),
      await signedInTrader(t),
    ]
    await withWebhook(owner, false)
    await withWebhook(removed, true)
    const off = await send(t, '/api/alert-settings', {
      method: 'PUT',
      body: { discordWebhookUrl: null },
      cookie: removed.cookie,
    })
    expect(off.status).toBe(200)
    const { offerId } = await offerOn(owner, offerer)
    await offerOn(removed, offerer)
    await write(offerId, offerer, 'Hello')
    expect(await discordOf(owner)).toEqual([])
    expect(await discordOf(removed)).toEqual([])
  })
})
