import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { discordLinks } from '@/features/discord/tables'
import { NOTIFICATIONS_CHANNEL, notifications } from '@/features/notifications/server/public'
import type { Database } from '@/platform/server/db/client'
import type { Logger } from '@/platform/server/lib/logger'
import { LoopWorker } from '@/platform/server/lib/wake-loop'
import { EMBED_COLOUR, type MessageData } from './bot'
import { enqueueBotMessage } from './outbox'

/** Discord takes at most 10 embeds in a message: one DM carries up to this many alerts. */
export const EMBEDS_PER_DM = 10

type NotificationRow = Pick<typeof notifications.$inferSelect, 'id' | 'title' | 'body' | 'link' | 'createdAt'>

/** One DM: an embed per alert (title, text, a link to the page, when it happened). */
export function dmOf(publicUrl: string, rows: NotificationRow[]): MessageData {
  return {
    embeds: rows.map((n) => ({
      title: n.title.slice(0, 256),
      description: n.body.slice(0, 4000),
      url: `${publicUrl}${n.link}`,
      color: EMBED_COLOUR,
      timestamp: n.createdAt.toISOString(),
    })),
    allowed_mentions: { parse: [] },
  }
}

/**
 * Sends connected Discord users their restock and value alerts as DMs, through the alerts pipeline: the
 * AlertWorker writes a notification and announces it on NOTIFICATIONS_CHANNEL, this worker wakes, and
 * per connected user whose DMs Discord takes moves the user's cursor (`last_notification_id`) by
 * compare-and-set in the transaction that queues the DM, so two instances never send an alert twice.
 * The bot's outbox sends it (and stops the DMs when Discord refuses them).
 */
export class DmWorker extends LoopWorker {
  constructor(
    private readonly options: { database: Database; logger: Logger; publicUrl: string; pollMs?: number },
  ) {
    super({
      listen: { database: options.database, channel: NOTIFICATIONS_CHANNEL },
      pollMs: options.pollMs ?? 10_000,
      logger: options.logger,
      failure: 'discord alert DMs failed',
    })
  }

  protected async drain(loop: { readonly stopped: boolean }): Promise<void> {
    const { db } = this.options.database
    const links = await db
      .select({
        discordUserId: discordLinks.discordUserId,
        userId: discordLinks.userId,
        lastNotificationId: discordLinks.lastNotificationId,
      })
      .from(discordLinks)
      .where(
        and(
          isNull(discordLinks.dmProblem),
          sql`exists (select 1 from ${notifications} where ${notifications.userId} = ${discordLinks.userId} and ${notifications.discord} and ${notifications.id} > ${discordLinks.lastNotificationId})`,
        ),
      )
    for (const link of links) {
      let cursor = link.lastNotificationId
      while (!loop.stopped) {
        const next = await this.sendNew({ ...link, lastNotificationId: cursor })
        if (next === null) break
        cursor = next
      }
    }
  }

  /** Queues one DM of the user's next alerts; the new cursor, or null when nothing (more) was sent. */
  private async sendNew(link: {
    discordUserId: string
    userId: string
    lastNotificationId: number
  }): Promise<number | null> {
    const { database, publicUrl } = this.options
    const rows = await database.db
      .select({
        id: notifications.id,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, link.userId),
          eq(notifications.discord, true),
          gt(notifications.id, link.lastNotificationId),
        ),
      )
      .orderBy(asc(notifications.id))
      .limit(EMBEDS_PER_DM)
    if (rows.length === 0) return null
    const last = rows.at(-1)!.id
    return database.db.transaction(async (tx) => {
      const moved = await tx
        .update(discordLinks)
        .set({ lastNotificationId: last })
        .where(
          and(
            eq(discordLinks.discordUserId, link.discordUserId),
            eq(discordLinks.userId, link.userId),
            eq(discordLinks.lastNotificationId, link.lastNotificationId),
            isNull(discordLinks.dmProblem),
          ),
        )
        .returning({ id: discordLinks.discordUserId })
      if (moved.length === 0) return null // another instance sent these, or the DMs stopped
      await enqueueBotMessage(tx, { kind: 'dm', target: link.discordUserId, payload: dmOf(publicUrl, rows) })
      return rows.length < EMBEDS_PER_DM ? null : last
    })
  }
}
