import { sql } from 'drizzle-orm'
import { discordDeliveries } from '@/features/alerts/tables'
import { NOTIFICATIONS_CHANNEL } from '@/features/notifications/server/public'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { type ClaimedRowBase, QueueWorker, type QueueWorkerOptions } from '@/platform/server/lib/queue-worker'
import { postToWebhook } from './discord'
import { activeWebhook, recordDiscordGone, switchOffDiscord } from './settings'

/** The channel on which a new Discord delivery wakes the workers of every instance. */
export const DISCORD_OUTBOX_CHANNEL = 'discord_outbox'

/** The JSON body posted to a Discord webhook: alert embeds, never pinging anyone. */
export interface DiscordPayload {
  content?: string
  embeds?: { title: string; description: string; url: string; timestamp: string }[]
  allowed_mentions: { parse: [] }
}

/** Discord's Retry-After is followed up to this long. */
const MAX_RETRY_AFTER_MS = 3_600_000

/** Why a delivery failed when the user has no webhook, or Discord alerts are off. */
export const DISCORD_OFF = 'Discord alerts are off'

/**
 * Queues a Discord post for a user. Call it inside the transaction of what causes it: the row commits
 * with it or not at all, and the NOTIFY (delivered at commit) wakes the workers. The webhook is read
 * when the post goes, so a changed or removed address counts.
 */
export async function enqueueDiscord(tx: DbOrTx, userId: string, payload: DiscordPayload): Promise<number> {
  const [row] = await tx
    .insert(discordDeliveries)
    .values({ userId, payload: { ...payload } })
    .returning({ id: discordDeliveries.id })
  await tx.execute(sql`select pg_notify(${DISCORD_OUTBOX_CHANNEL}, ${String(row!.id)})`)
  return row!.id
}

export interface DiscordWorkerOptions extends QueueWorkerOptions {
  /** ALERT_WEBHOOK_TEST_ORIGINS (tests only). */
  testOrigins: readonly string[]
  /** How long a post may take (ALERT_LIMITS.webhookTimeoutMs by default). */
  timeoutMs?: number
}

interface ClaimedDelivery extends ClaimedRowBase {
  user_id: string
  payload: Record<string, unknown>
}

/**
 * Delivers discord_deliveries like mail (QueueWorker: claims, leases, NOTIFY, backoff with jitter). A
 * 2xx is sent; a 404 switches the user's Discord alerts off, fails their waiting posts and tells them
 * in the notification center; a 429 comes back after Discord's Retry-After; anything else with backoff.
 */
export class DiscordWorker extends QueueWorker<ClaimedDelivery> {
  constructor(private readonly options: DiscordWorkerOptions) {
    super(
      {
        table: 'discord_deliveries',
        channel: DISCORD_OUTBOX_CHANNEL,
        columns: 'id, user_id, payload, attempts, max_attempts',
        label: 'discord outbox',
      },
      options,
    )
  }

  protected async deliver(row: ClaimedDelivery): Promise<void> {
    const { database, logger, testOrigins, timeoutMs } = this.options
    const log = { deliveryId: row.id, userId: row.user_id, attempt: row.attempts }
    const url = await activeWebhook(database.db, row.user_id)
    if (!url) {
      await this.markFailed(row, DISCORD_OFF)
      logger.info(log, 'discord post dropped: Discord alerts are off')
      return
    }
    const result = await postToWebhook(url, row.payload, { testOrigins, timeoutMs })
    if (result.ok) {
      await this.markSent(row)
      logger.info(log, 'discord post sent')
      return
    }
    if (result.gone) {
      const switchedOff = await database.db.transaction(async (tx) => {
        const off = await switchOffDiscord(tx, row.user_id, url)
        if (off) await recordDiscordGone(tx, row.user_id, row.id)
        return off
      })
      if (switchedOff) {
        await this.markFailed(row, result.error)
        await database.notify(NOTIFICATIONS_CHANNEL, row.user_id)
        logger.warn(log, 'discord webhook gone (404): Discord alerts switched off')
      } else {
        // The user saved another webhook meanwhile: this post goes there on its next try.
        await this.retryLater(row, result.error, 0)
      }
      return
    }
    const delay =
      result.retryAfterMs === undefined ? undefined : Math.min(result.retryAfterMs, MAX_RETRY_AFTER_MS)
    const { final, delayMs } = await this.retryLater(row, result.error, delay)
    logger.warn(
      { ...log, final, retryInMs: final ? null : delayMs, err: result.error },
      'discord post not sent',
    )
  }
}
