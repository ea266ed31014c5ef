import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '@/features/notifications/server/public'
import { stockReportResultSchema } from '@/features/stock/contract'
import { MAIL_PRIORITY } from '@/platform/server/lib/mail/outbox'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { siteEvents } from '@/platform/server/lib/site-events-tables'
import { follow, postStock, signedInUser, startAlertWorkers, visit } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'

const ITEMS = ['beanstalk', 'carrot', 'ember-lily', 'sugar-apple'] as const
/** Prismatic seeds among ITEMS (what the rule "any Prismatic seed" matches). */
const PRISMATIC = new Set(['beanstalk', 'ember-lily', 'sugar-apple'])

// Two server processes on one PostgreSQL: PGlite is one process's database, so this needs a server.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'alerts across instances (runs with TEST_DATABASE_URL: two instances need one PostgreSQL)',
  () => {
    it('two instances, each with an alert worker, many reports to both: one notification per user, item and window', async () => {
      const limits = { stock: { reportsPerToken: { max: 1000, windowSeconds: 60 } } }
      const a = await createTestApp({ limits })
      const b = await createTestApp({ sameDatabaseAs: a, limits })
      const handled = { a: 0, b: 0 }
      const workersA = await startAlertWorkers(a, { onBatch: (batch) => (handled.a += batch.events) })
      const workersB = await startAlertWorkers(b, { onBatch: (batch) => (handled.b += batch.events) })
      try {
        const manager = await signedInUser(a, undefined, ['grow-a-garden-stock-manager'])
        const traders: { id: string; email: string; wants: (item: string) => boolean }[] = []
        for (let i = 0; i < 6; i++) {
          const trader = await signedInUser(a)
          const watched: string[] = ITEMS.filter((_, j) => (i + j) % 2 === 0)
          const byRule = i % 3 === 0
          await follow(a, trader.id, {
            watches: watched.map((itemId) => ({ gameId: 'grow-a-garden', itemId, restock: true })),
            rules: byRule ? [{ gameId: 'grow-a-garden', category: 'seed', rarity: 'Prismatic' }] : [],
            settings: { emailRestock: i === 0, discordEnabled: i === 1 },
          })
          traders.push({
            ...trader,
            wants: (item: string) => watched.includes(item) || (byRule && PRISMATIC.has(item)),
          })
        }

        // Four windows; in each, six reports with changing stock, posted two at a time, one to each instance.
        const expected = new Set<string>()
        let posted = 0
        for (const minutesAgo of [60, 50, 40, 30]) {
          const window = visit(minutesAgo)
          let windowStart = ''
          for (let round = 0; round < 3; round++) {
            const answers = await Promise.all(
              [a, b].map((app, k) => {
                const list = ITEMS.filter((_, j) => (j + round + k + minutesAgo) % 3 !== 0)
                return postStock(
                  app,
                  'grow-a-garden',
                  {
                    shop: 'traveling-merchant',
                    ...window,
                    items: list.map((item, q) => ({ item, quantity: q + 1 + round })),
                  },
                  { cookie: manager.cookie },
                ).then(async (res) => {
                  expect([200, 201]).toContain(res.status)
                  return { list, result: stockReportResultSchema.parse(await res.json()) }
                })
              }),
            )
            posted += answers.length
            for (const { list, result } of answers) {
              windowStart = result.report.windowStart
              for (const trader of traders)
                for (const item of list)
                  if (trader.wants(item))
                    expected.add(
                      `${trader.id} restock:grow-a-garden:traveling-merchant:${windowStart}:${item}`,
                    )
            }
          }
        }
        expect(posted).toBe(24)

        const pending = () =>
          a.database.db.$count(siteEvents, isNull(siteEvents.processedAt)) as unknown as Promise<number>
        await expect.poll(pending, { timeout: 30_000, interval: 50 }).toBe(0)
        // Which instance took which event is up to them; together they took each once.
        console.info(`site events handled: ${handled.a} by instance A, ${handled.b} by instance B`)
        expect(handled.a + handled.b).toBe(await a.database.db.$count(siteEvents))
        // The restock alerts (the manager's reports also earn them an achievement, told the same way).
        const rows = await a.database.db
          .select({ userId: notifications.userId, dedupeKey: notifications.dedupeKey })
          .from(notifications)
          .where(eq(notifications.kind, 'restock'))
          .orderBy(asc(notifications.id))
        const seen = rows.map((r) => `${r.userId} ${r.dedupeKey}`)
        expect(new Set(seen).size).toBe(seen.length)
        expect([...seen].sort()).toEqual([...expected].sort())

        // E-mail: the first alerts went at once, in one mail; the rest wait for the next, none lost.
        const [emailUser] = traders
        const alertMails = () =>
          a.database.db
            .select({ subject: pendingEmails.subject })
            .from(pendingEmails)
            .where(
              and(
                eq(pendingEmails.toEmail, emailUser!.email),
                eq(pendingEmails.priority, MAIL_PRIORITY.bulk),
              ),
            )
        await expect.poll(async () => (await alertMails()).length).toBe(1)
        const [mail] = await alertMails()
        const mailed = Number(mail!.subject.match(/^(\d+) new alerts/)?.[1] ?? 1)
        const [{ waiting }] = (
          await a.database.db.execute(
            sql`select count(*)::int as waiting from notifications where user_id = ${emailUser!.id} and email_pending`,
          )
        ).rows as [{ waiting: number }]
        expect(mailed + waiting).toBe(seen.filter((s) => s.startsWith(`${emailUser!.id} `)).length)
        // Discord: every alert of the Discord user is in exactly one queued post.
        const posts = await a.database.db.execute(
          sql`select payload from discord_deliveries where user_id = ${traders[1]!.id}`,
        )
        const titles = (posts.rows as { payload: { embeds: { title: string }[] } }[]).flatMap((p) =>
          p.payload.embeds.map((e) => e.title),
        )
        expect(titles).toHaveLength(seen.filter((s) => s.startsWith(`${traders[1]!.id} `)).length)
      } finally {
        await workersB.stop()
        await workersA.stop()
        await b.close()
        await a.close()
      }
    })
  },
)
