import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALERT_UNSUBSCRIBE_MESSAGES } from '@/features/alerts/contract'
import { alertSettings } from '@/features/alerts/tables'
import { changeItemValue } from '@/features/catalog/server/public'
import { items } from '@/features/catalog/tables'
import { notifications } from '@/features/notifications/server/public'
import { createLogger } from '@/platform/server/lib/logger'
import { MAIL_PRIORITY } from '@/platform/server/lib/mail/outbox'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { createMailTransport, readMailbox } from '@/platform/server/lib/mail/transport'
import { OutboxWorker } from '@/platform/server/lib/mail/worker'
import { errorOf, send } from '@/test/accounts'
import {
  follow,
  notificationsOf,
  postStock,
  settled,
  signedInUser,
  startAlertWorkers,
  visit,
} from '@/test/alert-delivery'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { readEvents } from '@/test/sse'
import { alertUnsubscribeToken } from './unsubscribe'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let t: TestApp
let manager: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: 'true' },
    limits: { alerts: { unsubscribeFailuresPerIp: { max: 12, windowSeconds: 600 } } },
  })
  manager = await signedInUser(t, undefined, ['grow-a-garden-stock-manager'])
})
afterAll(() => t.close())

/** The alert mails (bulk priority: the sign-in link is not one) queued to an address, oldest first. */
const mailsTo = (email: string) =>
  t.database.db
    .select()
    .from(pendingEmails)
    .where(and(eq(pendingEmails.toEmail, email), eq(pendingEmails.priority, MAIL_PRIORITY.bulk)))
    .orderBy(asc(pendingEmails.id))

const settingsOf = async (userId: string) =>
  (await t.database.db.select().from(alertSettings).where(eq(alertSettings.userId, userId)))[0]!

const pendingOf = (userId: string) =>
  t.database.db
    .select({ title: notifications.title })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.emailPending, true)))

/** The time passes: the next alert mail of this user may go now. */
const intervalOver = (userId: string) =>
  t.database.db
    .update(alertSettings)
    .set({ lastEmailAt: sql`now() - interval '16 minutes'`, emailDueAt: sql`now() - interval '1 second'` })
    .where(eq(alertSettings.userId, userId))

function report(window: { startsAt: string; endsAt: string }, list: [string, number][]) {
  return postStock(
    t,
    'grow-a-garden',
    { shop: 'traveling-merchant', ...window, items: list.map(([item, quantity]) => ({ item, quantity })) },
    { cookie: manager.cookie },
  )
}

async function halveValue(itemId: string) {
  const [row] = await t.database.db
    .select({ value: items.value })
    .from(items)
    .where(and(eq(items.gameId, 'grow-a-garden'), eq(items.id, itemId)))
  const value = row!.value! / 2
  await changeItemValue(
    { db: t.database.db, cache: t.cache },
    { gameId: 'grow-a-garden', itemId, value, changedBy: null, source: 'test' },
  )
}

/** The address in a mail's List-Unsubscribe header, as a path and query of the app. */
function oneClickOf(mail: { headers: Record<string, string> }) {
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  const url = new URL(mail.headers['List-Unsubscribe']!.replace(/^<|>$/g, ''))
  expect(url.origin).toBe(TEST_ORIGIN)
  return url.pathname + url.search
}

/** What a mail provider sends for RFC 8058 one-click: a form POST, no Origin, no cookie. */
const oneClick = async (path: string, ip = '192.0.2.1') =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: 'List-Unsubscribe=One-Click',
  })

describe('alert mail', () => {
  it('mails the first alert at once, batches what comes within 15 minutes, and unsubscribes in one click', async () => {
    const workers = await startAlertWorkers(t)
    try {
      const trader = await signedInUser(t)
      await follow(t, trader.id, {
        watches: [
          { gameId: 'grow-a-garden', itemId: 'beanstalk', restock: true },
          { gameId: 'grow-a-garden', itemId: 'carrot', restock: true },
          { gameId: 'grow-a-garden', itemId: 'kitsune', value: true },
        ],
        settings: { emailRestock: true, emailValue: true },
      })

      // The first alert: one mail, right away.
      const window = visit(20)
      expect((await report(window, [['beanstalk', 1]])).status).toBe(201)
      await expect.poll(async () => (await mailsTo(trader.email)).length).toBe(1)
      const [first] = await mailsTo(trader.email)
      expect(first!.subject).toBe('Beanstalk is in stock')
      expect(first!.textBody).toContain('Traveling Merchant · 1 in stock')
      expect(first!.textBody).toContain(`${TEST_ORIGIN}/grow-a-garden-stock`)
      expect(first!.htmlBody).toContain('Beanstalk is in stock')
      const restockOnly = oneClickOf(first!)
      expect(restockOnly).toContain('kind=restock')
      let settings = await settingsOf(trader.id)
      expect(settings.lastEmailAt).not.toBeNull()
      expect(settings.emailDueAt).toBeNull()
      expect(await pendingOf(trader.id)).toEqual([])

      // Two more alerts within 15 minutes: no mail yet; they wait for the next one.
      expect(
        (
          await report(window, [
            ['beanstalk', 1],
            ['carrot', 9],
          ])
        ).status,
      ).toBe(201)
      await halveValue('kitsune')
      await settled(t)
      await workers.mail.idle()
      expect(await pendingOf(trader.id)).toHaveLength(2)
      settings = await settingsOf(trader.id)
      expect(settings.emailDueAt!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000)
      expect(settings.emailDueAt!.getTime() - settings.lastEmailAt!.getTime()).toBe(15 * 60_000)
      expect(await mailsTo(trader.email)).toHaveLength(1)

      // 15 minutes later: one mail lists both.
      await intervalOver(trader.id)
      workers.mail.wake()
      await expect.poll(async () => (await mailsTo(trader.email)).length).toBe(2)
      const second = (await mailsTo(trader.email))[1]!
      expect(second.subject).toBe('2 new alerts on TradeHub')
      expect(second.textBody).toContain('Carrot is in stock: Traveling Merchant · 9 in stock')
      expect(second.textBody).toContain("Kitsune's value went down")
      expect(second.textBody).toContain(`${TEST_ORIGIN}/values/grow-a-garden/kitsune`)
      expect(oneClickOf(second)).toContain('kind=all')
      expect(await pendingOf(trader.id)).toEqual([])
      expect((await settingsOf(trader.id)).emailDueAt).toBeNull()

      // One click on the first mail's header stops restock mails only.
      const res = await oneClick(restockOnly)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ unsubscribed: 'restock' })
      settings = await settingsOf(trader.id)
      expect([settings.emailRestock, settings.emailValue]).toEqual([false, true])
      // Repeating it is harmless.
      expect((await oneClick(restockOnly)).status).toBe(200)

      // A restock now is in-app only; a value change still mails (when the interval is over).
      await t.database.db
        .update(alertSettings)
        .set({ lastEmailAt: sql`now() - interval '16 minutes'` })
        .where(eq(alertSettings.userId, trader.id))
      expect((await report(visit(10), [['beanstalk', 1]])).status).toBe(201)
      await settled(t)
      await workers.mail.idle()
      expect(await pendingOf(trader.id)).toEqual([])
      expect((await settingsOf(trader.id)).emailDueAt).toBeNull()
      expect(await mailsTo(trader.email)).toHaveLength(2)
      await halveValue('kitsune')
      await expect.poll(async () => (await mailsTo(trader.email)).length).toBe(3)
      const third = (await mailsTo(trader.email))[2]!
      expect(third.subject).toBe("Kitsune's value went down")
      expect(oneClickOf(third)).toContain('kind=value')
      expect((await notificationsOf(t, trader.id)).map((n) => n.title)).toEqual([
        'Beanstalk is in stock',
        'Carrot is in stock',
        "Kitsune's value went down",
        'Beanstalk is in stock',
        "Kitsune's value went down",
      ])
    } finally {
      await workers.stop()
    }
  })

  it('sends nothing when e-mail is off, or the watch says in-app only, or the kind was switched off meanwhile', async () => {
    const workers = await startAlertWorkers(t)
    try {
      const noSettings = await signedInUser(t)
      const emailOff = await signedInUser(t)
      const inAppWatch = await signedInUser(t)
      const switchedOff = await signedInUser(t)
      const watch = { gameId: 'grow-a-garden', itemId: 'elder-strawberry', restock: true }
      await follow(t, noSettings.id, { watches: [watch] })
      await follow(t, emailOff.id, { watches: [watch], settings: { emailRestock: false, emailValue: true } })
      await follow(t, inAppWatch.id, {
        watches: [{ ...watch, email: false }],
        settings: { emailRestock: true },
      })
      await follow(t, switchedOff.id, {
        watches: [watch],
        // Mailed a moment ago: this alert waits for the next mail.
        settings: { emailRestock: true, lastEmailAt: new Date() },
      })
      expect((await report(visit(40), [['elder-strawberry', 1]])).status).toBe(201)
      await settled(t)
      for (const user of [noSettings, emailOff, inAppWatch, switchedOff])
        expect(await notificationsOf(t, user.id)).toHaveLength(1)
      for (const user of [noSettings, emailOff, inAppWatch]) expect(await pendingOf(user.id)).toEqual([])
      expect(await pendingOf(switchedOff.id)).toHaveLength(1)

      // Switched off before the mail was due: when it comes due, nothing goes and nothing waits.
      await t.database.db
        .update(alertSettings)
        .set({ emailRestock: false })
        .where(eq(alertSettings.userId, switchedOff.id))
      await intervalOver(switchedOff.id)
      workers.mail.wake()
      await expect.poll(async () => (await settingsOf(switchedOff.id)).emailDueAt).toBeNull()
      expect(await pendingOf(switchedOff.id)).toEqual([])
      for (const user of [noSettings, emailOff, inAppWatch, switchedOff])
        expect(await mailsTo(user.email)).toEqual([])
    } finally {
      await workers.stop()
    }
  })
})

describe('/api/alert-unsubscribe', () => {
  it('refuses a token that is not this user’s for this kind, and changes nothing', async () => {
    const a = await signedInUser(t)
    const b = await signedInUser(t)
    for (const user of [a, b])
      await follow(t, user.id, { settings: { emailRestock: true, emailValue: true } })
    const tokenA = alertUnsubscribeToken(t.secret, a.id, 'restock')
    const cases = [
      `kind=value&token=${encodeURIComponent(tokenA)}`,
      `kind=all&token=${encodeURIComponent(tokenA)}`,
      `kind=restock&token=${encodeURIComponent(`${b.id}.${tokenA.split('.').pop()}`)}`,
      `kind=restock&token=${encodeURIComponent(`${tokenA}x`)}`,
      `kind=restock&token=${encodeURIComponent(alertUnsubscribeToken('another-secret-another-secret', a.id, 'restock'))}`,
    ]
    for (const query of cases) {
      const res = await oneClick(`/api/alert-unsubscribe?${query}`)
      expect(await errorOf(res)).toMatchObject({ status: 400, message: ALERT_UNSUBSCRIBE_MESSAGES.invalid })
    }
    for (const query of [
      '',
      'kind=restock',
      'kind=sale&token=abcdefghijklmnopqrstuvwxyz',
      `kind=restock&token=x`,
    ]) {
      const res = await oneClick(`/api/alert-unsubscribe?${query}`)
      expect(res.status).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    }
    for (const user of [a, b]) {
      const s = await settingsOf(user.id)
      expect([s.emailRestock, s.emailValue]).toEqual([true, true])
    }
  })

  it('counts wrong tokens per address, never the links that work', async () => {
    const user = await signedInUser(t)
    await follow(t, user.id, { settings: { emailRestock: true, emailValue: true } })
    const good = `/api/alert-unsubscribe?kind=restock&token=${encodeURIComponent(alertUnsubscribeToken(t.secret, user.id, 'restock'))}`
    const wrong = `/api/alert-unsubscribe?kind=restock&token=${encodeURIComponent(`${user.id}.not-the-right-mac-at-all`)}`
    for (let i = 0; i < 12; i++) expect((await oneClick(wrong, '198.51.100.7')).status).toBe(400)
    const refused = await oneClick(wrong, '198.51.100.7')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is not held up, and a link that works still works from the busy one.
    expect((await oneClick(wrong, '198.51.100.8')).status).toBe(400)
    expect((await oneClick(good, '198.51.100.7')).status).toBe(200)
    expect((await settingsOf(user.id)).emailRestock).toBe(false)
  })

  it('a person opening the link gets a page with the button; pressing it answers a page', async () => {
    const user = await signedInUser(t)
    await follow(t, user.id, { settings: { emailRestock: true, emailValue: true } })
    const path = `/api/alert-unsubscribe?kind=value&token=${encodeURIComponent(alertUnsubscribeToken(t.secret, user.id, 'value'))}`
    const page = await t.app.request(path)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const html = await page.text()
    expect(html).toContain('<form method="post"')
    expect(html).toContain(ALERT_UNSUBSCRIBE_MESSAGES.confirm.value)
    expect(html).not.toContain('<script')
    expect((await settingsOf(user.id)).emailValue).toBe(true)

    const bad = await t.app.request('/api/alert-unsubscribe?kind=value&token=not-a-token-of-ours-at-all')
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain(ALERT_UNSUBSCRIBE_MESSAGES.invalid)

    const pressed = await send(t, path, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(pressed.status).toBe(200)
    expect(await pressed.text()).toContain(ALERT_UNSUBSCRIBE_MESSAGES.done.value)
    const s = await settingsOf(user.id)
    expect([s.emailRestock, s.emailValue]).toEqual([true, false])
  })
})

describe('timing', () => {
  it('measures a report to its notification, to the bell of an open tab, to the queued mail and to the mailbox', async () => {
    const logger = createLogger('silent')
    const outbox = new OutboxWorker({
      database: t.database,
      transport: createMailTransport(t.env, logger),
      logger,
    })
    const workers = await startAlertWorkers(t)
    await outbox.start()
    try {
      const trader = await signedInUser(t)
      await follow(t, trader.id, {
        watches: [{ gameId: 'grow-a-garden', itemId: 'romanesco', restock: true }],
        settings: { emailRestock: true },
      })
      // The trader's tab is open: its event stream has the unread count, 0.
      const stream = readEvents(await send(t, '/api/live', { cookie: trader.cookie }))
      expect(JSON.parse((await stream.next()).data)).toEqual({ unread: 0 })
      const bell = stream.next().then((event) => ({ at: performance.now(), event }))
      const postedAt = performance.now()
      expect((await report(visit(50), [['romanesco', 1]])).status).toBe(201)
      const answeredAt = performance.now()
      let notifiedAt = 0
      let queuedAt = 0
      let deliveredAt = 0
      await expect
        .poll(
          async () => {
            const now = performance.now()
            if (!notifiedAt && (await notificationsOf(t, trader.id)).length > 0) notifiedAt = now
            if (!queuedAt && (await mailsTo(trader.email)).length > 0) queuedAt = now
            if (
              !deliveredAt &&
              (await readMailbox(t.env.DATA_DIR)).some(
                (m) => m.to === trader.email && m.subject === 'Romanesco is in stock',
              )
            )
              deliveredAt = now
            return Boolean(notifiedAt && queuedAt && deliveredAt)
          },
          { timeout: 20_000, interval: 5 },
        )
        .toBe(true)
      const rang = await bell
      expect(rang.event.event).toBe('notifications')
      expect(JSON.parse(rang.event.data)).toEqual({ unread: 1 })
      await stream.close()
      const ms = (at: number) => Math.round(at - postedAt)
      console.info(
        `report answered in ${ms(answeredAt)} ms; notification row after ${ms(notifiedAt)} ms; ` +
          `the open tab's bell after ${ms(rang.at)} ms; ` +
          `alert mail queued after ${ms(queuedAt)} ms; in the local mailbox after ${ms(deliveredAt)} ms`,
      )
      // The figures are reported, not asserted (a shared machine); the issue's bound is 2 s to the notification.
      expect(deliveredAt).toBeGreaterThanOrEqual(queuedAt)
    } finally {
      await workers.stop()
      await outbox.stop()
    }
  })
})
