import { and, asc, count, eq, isNull } from 'drizzle-orm'
import { expect } from 'vitest'
import type { ProcessedBatch } from '@/features/alerts/server/alert-events'
import { AlertWorker } from '@/features/alerts/server/alert-worker'
import { AlertMailWorker } from '@/features/alerts/server/email-digest'
import { alertRules, alertSettings, watches } from '@/features/alerts/tables'
import { notifications } from '@/features/notifications/server/public'
import { userRoles } from '@/features/roles/tables'
import { createLogger } from '@/platform/server/lib/logger'
import { siteEvents } from '@/platform/server/lib/site-events-tables'
import { createMagicLinkUser, createUsers, meOf, send } from './accounts'
import { type createTestApp, TEST_ORIGIN } from './app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let n = 0
/** An address no other test of the run uses. */
export const freshEmail = (what: string) =>
  `${what}-${process.pid}-${++n}-${Date.now().toString(36)}@example.com`

/** A signed-in user (by magic link) with these roles. */
export async function signedInUser(t: TestApp, email = freshEmail('user'), roles: string[] = []) {
  const { cookie } = await createMagicLinkUser(t, email)
  const { id } = await meOf(t, cookie)
  if (roles.length) await t.database.db.insert(userRoles).values(roles.map((role) => ({ userId: id, role })))
  return { id, email, cookie }
}

type WatchRow = typeof watches.$inferInsert
type RuleRow = typeof alertRules.$inferInsert
type SettingsRow = typeof alertSettings.$inferInsert

/** A user's watches, rules and delivery settings, written straight to the tables. */
export async function follow(
  t: TestApp,
  userId: string,
  what: {
    watches?: Omit<WatchRow, 'userId'>[]
    rules?: Omit<RuleRow, 'userId'>[]
    settings?: Omit<SettingsRow, 'userId'>
  },
) {
  const { db } = t.database
  if (what.watches?.length) await db.insert(watches).values(what.watches.map((w) => ({ ...w, userId })))
  if (what.rules?.length) await db.insert(alertRules).values(what.rules.map((r) => ({ ...r, userId })))
  if (what.settings) await db.insert(alertSettings).values({ ...what.settings, userId })
}

/** The alert worker (and the alert mail worker) as the feature starts them, on a test app's database. */
export async function startAlertWorkers(
  t: TestApp,
  options: { pollMs?: number; onBatch?: (batch: ProcessedBatch) => void } = {},
) {
  const logger = createLogger('silent')
  const mail = new AlertMailWorker({
    database: t.database,
    logger,
    publicUrl: TEST_ORIGIN,
    secret: t.secret,
    pollMs: options.pollMs,
  })
  const alerts = new AlertWorker({
    database: t.database,
    cache: t.cache,
    logger,
    publicUrl: TEST_ORIGIN,
    pollMs: options.pollMs,
    onBatch: options.onBatch,
    onEmailDue: () => mail.wake(),
  })
  await mail.start()
  await alerts.start()
  return {
    alerts,
    mail,
    stop: async () => {
      await alerts.stop()
      await mail.stop()
    },
  }
}

/** Site events not processed yet. */
export async function unprocessedEvents(t: TestApp): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(siteEvents)
    .where(isNull(siteEvents.processedAt))
  return row!.n
}

/** Waits until the alert workers have handled every site event so far. */
export async function settled(t: TestApp): Promise<void> {
  await expect.poll(() => unprocessedEvents(t), { timeout: 20_000, interval: 25 }).toBe(0)
}

/** A user's notifications, oldest first. */
export function notificationsOf(t: TestApp, userId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id))
}

/** A user's notifications about one item. */
export function notificationsAbout(t: TestApp, userId: string, itemId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.itemId, itemId)))
    .orderBy(asc(notifications.id))
}

/** A stock report through the API (a manager's session, or a bot's ingest token). */
export async function postStock(
  t: TestApp,
  game: string,
  body: unknown,
  auth: { cookie?: string; token?: string },
): Promise<Response> {
  return send(t, `/api/stock/${game}/reports`, {
    body,
    cookie: auth.cookie,
    headers: auth.token ? { authorization: `Bearer ${auth.token}` } : {},
  })
}

/** A traveling merchant visit that started `minutesAgo` and lasts 30 minutes: a window of our choosing. */
export function visit(minutesAgo: number) {
  const start = Date.now() - minutesAgo * 60_000
  return {
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 30 * 60_000 + 60 * 60_000).toISOString(),
  }
}

/** Two signed-in users, alice@ and bob@example.com: their session cookies and ids. */
export async function aliceAndBob(t: TestApp) {
  const [a, b] = await createUsers(t, ['alice@example.com', 'bob@example.com'])
  const [aliceMe, bobMe] = await Promise.all([meOf(t, a!.cookie), meOf(t, b!.cookie)])
  return { alice: a!.cookie, bob: b!.cookie, aliceId: aliceMe.id, bobId: bobMe.id }
}

/**
 * A restock notification for the user, written and announced as the alert worker does: an open event
 * stream of theirs gets the new unread count as its next event.
 */
export async function notifyUser(t: TestApp, userId: string, dedupeKey = `notice-${++n}`) {
  await t.database.db.insert(notifications).values({
    userId,
    kind: 'restock',
    title: 'Beanstalk is in stock',
    body: 'Seed Shop',
    link: '/grow-a-garden-stock',
    dedupeKey,
  })
  await t.database.notify('notifications', userId)
}
