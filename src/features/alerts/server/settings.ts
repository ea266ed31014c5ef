import { and, eq } from 'drizzle-orm'
import {
  ALERT_MESSAGES,
  type AlertSettings,
  type AlertSettingsRequest,
  maskWebhookUrl,
  webhookUrlProblem,
} from '@/features/alerts/contract'
import { alertSettings, discordDeliveries } from '@/features/alerts/tables'
import { notifications } from '@/features/notifications/server/public'
import type { Database, Db } from '@/platform/server/db/client'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { postToWebhook } from './discord'

type SettingsRow = typeof alertSettings.$inferSelect

/** Who the settings are for: the signed-in user (their e-mail is where alert mails go). */
export interface SettingsUser {
  id: string
  email: string
}

function present(row: SettingsRow | undefined, user: SettingsUser): AlertSettings {
  return {
    email: {
      restock: row?.emailRestock ?? false,
      value: row?.emailValue ?? false,
      trades: row?.emailTrades ?? false,
    },
    emailAddress: user.email,
    discord: {
      webhook: row?.discordWebhookUrl ? maskWebhookUrl(row.discordWebhookUrl) : null,
      enabled: row?.discordEnabled ?? false,
      trades: row?.discordTrades ?? false,
      problem: row?.discordProblem ?? null,
    },
  }
}

const settingsRow = async (db: DbOrTx, userId: string) =>
  (await db.select().from(alertSettings).where(eq(alertSettings.userId, userId)))[0]

/** The user's delivery settings; without a row, the defaults (e-mail off, no webhook). */
export async function getSettings(db: Db, user: SettingsUser): Promise<AlertSettings> {
  return present(await settingsRow(db, user.id), user)
}

/**
 * Changes the user's delivery settings: e-mail for every kind (true/false) or each, the Discord webhook
 * (checked by webhookUrlProblem; saving one turns Discord on and clears a past problem; null removes it),
 * and whether trades go to Discord.
 */
export async function updateSettings(
  db: Db,
  user: SettingsUser,
  request: AlertSettingsRequest,
  testOrigins: readonly string[],
): Promise<AlertSettings> {
  const set: Partial<typeof alertSettings.$inferInsert> = { updatedAt: new Date() }
  const { email, discordWebhookUrl, discordTrades } = request
  if (typeof email === 'boolean') {
    set.emailRestock = email
    set.emailValue = email
    set.emailTrades = email
  } else if (email) {
    if (email.restock !== undefined) set.emailRestock = email.restock
    if (email.value !== undefined) set.emailValue = email.value
    if (email.trades !== undefined) set.emailTrades = email.trades
  }
  if (discordTrades !== undefined) set.discordTrades = discordTrades
  if (discordWebhookUrl === null) {
    Object.assign(set, { discordWebhookUrl: null, discordEnabled: false, discordProblem: null })
  } else if (discordWebhookUrl !== undefined) {
    const problem = webhookUrlProblem(discordWebhookUrl, testOrigins)
    if (problem)
      throw new AppError('VALIDATION_FAILED', `discordWebhookUrl: ${problem}`, {
        fields: { discordWebhookUrl: problem },
      })
    Object.assign(set, { discordWebhookUrl, discordEnabled: true, discordProblem: null })
  }
  const [row] = await db
    .insert(alertSettings)
    .values({ userId: user.id, ...set })
    .onConflictDoUpdate({ target: alertSettings.userId, set })
    .returning()
  return present(row, user)
}

/**
 * Discord said the webhook is gone (404): Discord alerts are switched off with the reason shown in the
 * settings, and the user's deliveries waiting for it fail. Only while `url` is still the user's webhook:
 * a new address saved meanwhile stays on. Whether it switched anything off.
 */
export async function switchOffDiscord(tx: DbOrTx, userId: string, url: string): Promise<boolean> {
  const changed = await tx
    .update(alertSettings)
    .set({ discordEnabled: false, discordProblem: ALERT_MESSAGES.webhookGone, updatedAt: new Date() })
    .where(and(eq(alertSettings.userId, userId), eq(alertSettings.discordWebhookUrl, url)))
    .returning({ userId: alertSettings.userId })
  if (changed.length === 0) return false
  await tx
    .update(discordDeliveries)
    .set({ status: 'failed', lastError: 'Discord alerts were switched off: the webhook is gone (404)' })
    .where(and(eq(discordDeliveries.userId, userId), eq(discordDeliveries.status, 'pending')))
  return true
}

/**
 * Tells the user in the notification center that Discord alerts were switched off: once per delivery
 * that found the webhook gone. Call `database.notify(NOTIFICATIONS_CHANNEL, userId)` after the commit.
 */
export async function recordDiscordGone(tx: DbOrTx, userId: string, deliveryId: number): Promise<void> {
  await tx
    .insert(notifications)
    .values({
      userId,
      kind: 'system',
      title: 'Discord alerts switched off',
      body: ALERT_MESSAGES.webhookGone,
      link: '/profile?tab=alerts',
      dedupeKey: `discord-gone:${deliveryId}`,
    })
    .onConflictDoNothing()
}

/** The message a test posts. */
export const TEST_MESSAGE = {
  content: 'TradeHub test message: your alerts will arrive in this channel.',
  allowed_mentions: { parse: [] },
}

/**
 * Posts a test message to the user's webhook now (not through the outbox), `beforePost` first (the
 * rate limit: only posts count). A 404 switches Discord off and is answered with the reason; any other
 * failure says what Discord did.
 */
export async function testDiscord(
  database: Database,
  userId: string,
  options: { testOrigins: readonly string[]; beforePost: () => Promise<void> },
): Promise<{ message: string }> {
  const url = (await settingsRow(database.db, userId))?.discordWebhookUrl
  if (!url) throw new AppError('BAD_REQUEST', ALERT_MESSAGES.noWebhook)
  await options.beforePost()
  const result = await postToWebhook(url, TEST_MESSAGE, { testOrigins: options.testOrigins })
  if (result.ok) return { message: ALERT_MESSAGES.testSent }
  if (result.gone) {
    await database.db.transaction((tx) => switchOffDiscord(tx, userId, url))
    throw new AppError('BAD_REQUEST', ALERT_MESSAGES.webhookGone)
  }
  throw new AppError('BAD_GATEWAY', `The test message was not sent: ${result.error}. Try again later.`)
}

/** The user's webhook when Discord alerts are on, else null. */
export async function activeWebhook(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ url: alertSettings.discordWebhookUrl })
    .from(alertSettings)
    .where(and(eq(alertSettings.userId, userId), eq(alertSettings.discordEnabled, true)))
  return row?.url ?? null
}
