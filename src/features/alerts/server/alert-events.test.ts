import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discordDeliveries } from '@/features/alerts/tables'
import { changeItemValue } from '@/features/catalog/server/public'
import { items } from '@/features/catalog/tables'
import { notifications } from '@/features/notifications/server/public'
import { type CreatedToken, stockReportResultSchema } from '@/features/stock/contract'
import { createLogger } from '@/platform/server/lib/logger'
import { formatValue } from '@/shared/format-value'
import { send } from '@/test/accounts'
import {
  follow,
  notificationsAbout,
  notificationsOf,
  postStock,
  settled,
  signedInUser,
  startAlertWorkers,
  unprocessedEvents,
  visit,
} from '@/test/alert-delivery'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { processSiteEvents } from './alert-events'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let t: TestApp
let manager: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  t = await createTestApp({ limits: { stock: { reportsPerToken: { max: 1000, windowSeconds: 60 } } } })
  manager = await signedInUser(t, undefined, ['grow-a-garden-stock-manager'])
})
afterAll(() => t.close())

/** "12:05 UTC" of an ISO time. */
const utc = (iso: string) => `${iso.slice(11, 16)} UTC`

async function botToken(): Promise<string> {
  const res = await send(t, '/api/stock/grow-a-garden/tokens', {
    body: { name: 'alerts bot' },
    cookie: manager.cookie,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as CreatedToken).token
}

describe('restock alerts', () => {
  it('one notification per user, item and window: a watch plus a rule, a repeated report, a correction', async () => {
    const workers = await startAlertWorkers(t)
    try {
      const trader = await signedInUser(t)
      const ruleOnly = await signedInUser(t)
      const valueOnly = await signedInUser(t)
      await follow(t, trader.id, {
        watches: [
          { gameId: 'grow-a-garden', itemId: 'beanstalk', restock: true },
          { gameId: 'grow-a-garden', itemId: 'carrot', restock: true },
        ],
        rules: [{ gameId: 'grow-a-garden', category: 'seed', rarity: 'Prismatic' }],
      })
      await follow(t, ruleOnly.id, {
        rules: [{ gameId: 'grow-a-garden', category: 'seed', rarity: 'Prismatic' }],
      })
      await follow(t, valueOnly.id, {
        watches: [{ gameId: 'grow-a-garden', itemId: 'beanstalk', value: true }],
      })

      const window = visit(20)
      const first = await postStock(
        t,
        'grow-a-garden',
        { shop: 'traveling-merchant', ...window, items: [{ item: 'beanstalk', quantity: 1 }] },
        { cookie: manager.cookie },
      )
      expect(first.status).toBe(201)
      const { report } = stockReportResultSchema.parse(await first.json())
      await settled(t)

      const [beanstalk, ...others] = await notificationsOf(t, trader.id)
      expect(others).toEqual([])
      expect(beanstalk).toMatchObject({
        kind: 'restock',
        gameId: 'grow-a-garden',
        itemId: 'beanstalk',
        title: 'Beanstalk is in stock',
        body: `Traveling Merchant · 1 in stock · until ${utc(report.windowEnd)}`,
        link: '/grow-a-garden-stock',
        dedupeKey: `restock:grow-a-garden:traveling-merchant:${report.windowStart}:beanstalk`,
        emailPending: false,
        readAt: null,
      })
      expect(await notificationsAbout(t, ruleOnly.id, 'beanstalk')).toHaveLength(1)
      expect(await notificationsOf(t, valueOnly.id)).toEqual([])

      // The same report again (another instance, a retrying bot): nothing new.
      const again = await postStock(
        t,
        'grow-a-garden',
        { shop: 'traveling-merchant', ...window, items: [{ item: 'beanstalk', quantity: 1 }] },
        { cookie: manager.cookie },
      )
      expect(again.status).toBe(200)
      await settled(t)
      expect(await notificationsOf(t, trader.id)).toHaveLength(1)

      // A bot corrects the window: Beanstalk was told already, Carrot is new (watched; not Prismatic).
      const correction = await postStock(
        t,
        'grow-a-garden',
        {
          shop: 'traveling-merchant',
          ...window,
          items: [
            { item: 'beanstalk', quantity: 1 },
            { item: 'carrot', quantity: 12 },
          ],
        },
        { token: await botToken() },
      )
      expect(correction.status).toBe(201)
      await settled(t)
      expect(await notificationsAbout(t, trader.id, 'beanstalk')).toHaveLength(1)
      const [carrot] = await notificationsAbout(t, trader.id, 'carrot')
      expect(carrot).toMatchObject({
        title: 'Carrot is in stock',
        body: expect.stringContaining('12 in stock'),
      })
      expect(await notificationsOf(t, ruleOnly.id)).toHaveLength(1)
      expect(await notificationsOf(t, valueOnly.id)).toEqual([])

      // The next window: told again.
      const next = await postStock(
        t,
        'grow-a-garden',
        { shop: 'traveling-merchant', ...visit(10), items: [{ item: 'beanstalk', quantity: 1 }] },
        { cookie: manager.cookie },
      )
      expect(next.status).toBe(201)
      await settled(t)
      expect(await notificationsAbout(t, trader.id, 'beanstalk')).toHaveLength(2)
      expect(await notificationsAbout(t, ruleOnly.id, 'beanstalk')).toHaveLength(2)
    } finally {
      await workers.stop()
    }
  })

  it("a dealer's fruit is told in stock, with no quantity (the Blox Fruits dealers have none)", async () => {
    const workers = await startAlertWorkers(t)
    try {
      const dealerManager = await signedInUser(t, undefined, ['blox-fruits-stock-manager'])
      const trader = await signedInUser(t)
      await follow(t, trader.id, { watches: [{ gameId: 'blox-fruits', itemId: 'dough', restock: true }] })
      // A bot's "1" is not kept: the dealer sells Dough, not one Dough.
      const res = await postStock(
        t,
        'blox-fruits',
        { shop: 'normal', items: [{ item: 'dough', quantity: 1 }] },
        { cookie: dealerManager.cookie },
      )
      expect(res.status, await res.clone().text()).toBe(201)
      const { report } = stockReportResultSchema.parse(await res.json())
      await settled(t)
      const [dough] = await notificationsAbout(t, trader.id, 'dough')
      expect(dough).toMatchObject({
        title: 'Dough is in stock',
        body: `Blox Fruit Dealer · in stock · until ${utc(report.windowEnd)}`,
      })
    } finally {
      await workers.stop()
    }
  })

  it('a Seed Shop report names the shop and links to the stock page; a rule of another shop or rarer odds stays quiet', async () => {
    const workers = await startAlertWorkers(t)
    try {
      const trader = await signedInUser(t)
      const elsewhere = await signedInUser(t)
      const rare = await signedInUser(t)
      const rarer = await signedInUser(t)
      // Ember Lily restocks 1 in 240 times: a rule of 1 in 200 or rarer fits it, 1 in 300 does not.
      await follow(t, rare.id, { rules: [{ gameId: 'grow-a-garden', category: 'seed', rarerThan: 200 }] })
      await follow(t, rarer.id, { rules: [{ gameId: 'grow-a-garden', rarerThan: 300 }] })
      await follow(t, trader.id, {
        watches: [{ gameId: 'grow-a-garden', itemId: 'ember-lily', restock: true }],
      })
      await follow(t, elsewhere.id, {
        rules: [{ gameId: 'grow-a-garden', shop: 'traveling-merchant', rarity: 'Prismatic' }],
      })
      const res = await postStock(
        t,
        'grow-a-garden',
        { shop: 'seeds', items: [{ item: 'ember-lily', quantity: 1 }] },
        { cookie: manager.cookie },
      )
      expect([200, 201]).toContain(res.status)
      const { report } = stockReportResultSchema.parse(await res.json())
      await settled(t)
      const [lily, ...rest] = await notificationsOf(t, trader.id)
      expect(rest).toEqual([])
      expect(lily).toMatchObject({
        title: 'Ember Lily is in stock',
        body: `Seed Shop · 1 in stock · until ${utc(report.windowEnd)}`,
        link: '/grow-a-garden-stock',
        dedupeKey: `restock:grow-a-garden:seeds:${report.windowStart}:ember-lily`,
      })
      expect(await notificationsOf(t, elsewhere.id)).toEqual([])
      expect((await notificationsOf(t, rare.id)).map((n) => n.title)).toEqual(['Ember Lily is in stock'])
      expect(await notificationsOf(t, rarer.id)).toEqual([])
    } finally {
      await workers.stop()
    }
  })

  it('announces new notifications on the notifications channel, once per user', async () => {
    const workers = await startAlertWorkers(t)
    const heard: string[] = []
    const unlisten = await t.database.listen('notifications', (userId) => heard.push(userId))
    try {
      const trader = await signedInUser(t)
      await follow(t, trader.id, {
        watches: [
          { gameId: 'grow-a-garden', itemId: 'sugar-apple', restock: true },
          { gameId: 'grow-a-garden', itemId: 'burning-bud', restock: true },
        ],
      })
      const res = await postStock(
        t,
        'grow-a-garden',
        {
          shop: 'traveling-merchant',
          ...visit(25),
          items: [
            { item: 'burning-bud', quantity: 1 },
            { item: 'sugar-apple', quantity: 2 },
          ],
        },
        { cookie: manager.cookie },
      )
      expect(res.status).toBe(201)
      await expect.poll(() => heard.filter((id) => id === trader.id).length).toBe(1)
      await settled(t)
      expect(await notificationsOf(t, trader.id)).toHaveLength(2)
      expect(heard.filter((id) => id === trader.id)).toHaveLength(1)
    } finally {
      await unlisten()
      await workers.stop()
    }
  })
})

describe('value change alerts', () => {
  it('tells value watchers once per change, not restock-only watchers', async () => {
    const workers = await startAlertWorkers(t)
    try {
      const holder = await signedInUser(t)
      const restockOnly = await signedInUser(t)
      await follow(t, holder.id, {
        watches: [{ gameId: 'grow-a-garden', itemId: 'corrupted-kitsune', value: true }],
      })
      await follow(t, restockOnly.id, {
        watches: [{ gameId: 'grow-a-garden', itemId: 'corrupted-kitsune', restock: true }],
      })
      const [item] = await t.database.db
        .select({ value: items.value })
        .from(items)
        .where(and(eq(items.gameId, 'grow-a-garden'), eq(items.id, 'corrupted-kitsune')))
      const old = item!.value!
      const catalog = { db: t.database.db, cache: t.cache }
      const change = (value: number) =>
        changeItemValue(catalog, {
          gameId: 'grow-a-garden',
          itemId: 'corrupted-kitsune',
          value,
          changedBy: null,
          source: 'test',
        })

      expect(await change(old / 2)).toEqual({ changed: true })
      await settled(t)
      const [down, ...none] = await notificationsOf(t, holder.id)
      expect(none).toEqual([])
      expect(down).toMatchObject({
        kind: 'value',
        gameId: 'grow-a-garden',
        itemId: 'corrupted-kitsune',
        title: "Corrupted Kitsune's value went down",
        body: `${formatValue(old)} → ${formatValue(old / 2)}`,
        link: '/values/grow-a-garden/corrupted-kitsune',
        dedupeKey: expect.stringMatching(/^value:\d+$/),
      })
      expect(await notificationsOf(t, restockOnly.id)).toEqual([])

      // The same value again changes nothing and tells nobody; a rise is a new alert.
      expect(await change(old / 2)).toEqual({ changed: false })
      expect(await change(old)).toEqual({ changed: true })
      await settled(t)
      const list = await notificationsOf(t, holder.id)
      expect(list.map((n) => n.title)).toEqual([
        "Corrupted Kitsune's value went down",
        "Corrupted Kitsune's value went up",
      ])
      expect(await notificationsOf(t, restockOnly.id)).toEqual([])
    } finally {
      await workers.stop()
    }
  })
})

describe('crash safety', () => {
  it('an event whose transaction rolls back stays unprocessed, holds up no other event, and is handled next time', async () => {
    const trader = await signedInUser(t)
    const other = await signedInUser(t)
    await follow(t, trader.id, {
      watches: [{ gameId: 'grow-a-garden', itemId: 'giant-pinecone', restock: true }],
      settings: {
        discordEnabled: true,
        discordWebhookUrl: 'https://discord.com/api/webhooks/12345/abcdefghijklmnopqrstuvwxyz',
      },
    })
    await follow(t, other.id, { watches: [{ gameId: 'grow-a-garden', itemId: 'kitsune', value: true }] })
    // The Discord outbox refuses this user's rows: the failure comes after the notification was written.
    await t.database.db.execute(
      sql.raw(`create function alerts_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'the Discord outbox is down'; end $$`),
    )
    await t.database.db.execute(
      sql.raw(`create trigger alerts_test_refuse before insert on discord_deliveries
        for each row when (new.user_id = '${trader.id}') execute function alerts_test_refuse()`),
    )
    try {
      const res = await postStock(
        t,
        'grow-a-garden',
        { shop: 'traveling-merchant', ...visit(30), items: [{ item: 'giant-pinecone', quantity: 1 }] },
        { cookie: manager.cookie },
      )
      expect(res.status).toBe(201)
      const deps = {
        db: t.database.db,
        cache: t.cache,
        publicUrl: TEST_ORIGIN,
        logger: createLogger('silent'),
      }
      await expect(processSiteEvents(deps)).rejects.toThrow()
      expect(await unprocessedEvents(t)).toBe(1)
      expect(await notificationsOf(t, trader.id)).toEqual([])

      // The worker leaves the failing event for later and handles the events after it.
      const workers = await startAlertWorkers(t, { pollMs: 60_000 })
      try {
        const [kitsune] = await t.database.db
          .select({ value: items.value })
          .from(items)
          .where(and(eq(items.gameId, 'grow-a-garden'), eq(items.id, 'kitsune')))
        await changeItemValue(
          { db: t.database.db, cache: t.cache },
          {
            gameId: 'grow-a-garden',
            itemId: 'kitsune',
            value: kitsune!.value! / 10,
            changedBy: null,
            source: 'test',
          },
        )
        await expect.poll(async () => (await notificationsOf(t, other.id)).length).toBe(1)
        await workers.alerts.idle()
        expect(await unprocessedEvents(t)).toBe(1)
        expect(await notificationsOf(t, trader.id)).toEqual([])

        // Repaired: the next round handles it, exactly once.
        await t.database.db.execute(sql.raw('drop trigger alerts_test_refuse on discord_deliveries'))
        workers.alerts.wake()
        await settled(t)
        const [pinecone, ...rest] = await notificationsOf(t, trader.id)
        expect(rest).toEqual([])
        expect(pinecone?.title).toBe('Giant Pinecone is in stock')
        const posts = await t.database.db
          .select()
          .from(discordDeliveries)
          .where(eq(discordDeliveries.userId, trader.id))
        expect(posts).toHaveLength(1)
        expect(posts[0]!.payload).toEqual({
          embeds: [
            {
              title: 'Giant Pinecone is in stock',
              description: pinecone!.body,
              url: `${TEST_ORIGIN}/grow-a-garden-stock`,
              timestamp: pinecone!.createdAt.toISOString(),
            },
          ],
          allowed_mentions: { parse: [] },
        })
      } finally {
        await workers.stop()
      }
    } finally {
      await t.database.db.execute(sql.raw('drop trigger if exists alerts_test_refuse on discord_deliveries'))
      await t.database.db.execute(sql.raw('drop function if exists alerts_test_refuse()'))
    }
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, trader.id))) as [{ n: number }]
    expect(n).toBe(1)
  })
})
