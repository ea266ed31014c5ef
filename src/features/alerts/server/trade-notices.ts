import { and, eq, isNull, lt } from 'drizzle-orm'
import { alertSettings } from '@/features/alerts/tables'
import type { TradeNotificationKind } from '@/features/notifications/contract'
import { createNotification, notifications, type UserNotice } from '@/features/notifications/server/public'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { type DiscordPayload, enqueueDiscord } from './discord-worker'
import { scheduleAlertMail } from './email-digest'

/** A notice of the marketplace (an offer, a decision, a message, a confirmation, an ad ending). */
export type TradeNotice = UserNotice & { kind: TradeNotificationKind }

/** How much of a notice's title and description a Discord post carries (Discord allows 256 and 4096). */
const DISCORD_TITLE_MAX = 200
const DISCORD_DESCRIPTION_MAX = 600

/** Characters Discord reads as markdown, mentions, emoji or links (`:` breaks "https://" autolinks). */
const DISCORD_MARKUP = /[\\`*_~|<>#@[\]():]/g

/**
 * Text that may hold what a trader wrote, as Discord shows it literally: one line, at most `max`
 * characters before escaping (so at most twice that after), every markup character escaped.
 */
export function discordText(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  const clipped = line.length > max ? `${line.slice(0, max - 1)}…` : line
  return clipped.replace(DISCORD_MARKUP, '\\$&')
}

/** The Discord post of one trade notice: an embed linking to the ad on the site, never pinging anyone. */
export function tradeDiscordPayload(
  notice: Pick<UserNotice, 'title' | 'body' | 'link'>,
  createdAt: Date,
  publicUrl: string,
): DiscordPayload {
  return {
    embeds: [
      {
        title: discordText(notice.title, DISCORD_TITLE_MAX),
        description: discordText(notice.body, DISCORD_DESCRIPTION_MAX),
        url: `${publicUrl}${notice.link}`,
        timestamp: createdAt.toISOString(),
      },
    ],
    allowed_mentions: { parse: [] },
  }
}

/** A message of a conversation whose earlier message the trader has not read yet: Discord told them already. */
async function conversationAnnounced(tx: DbOrTx, notice: TradeNotice, id: number): Promise<boolean> {
  if (notice.kind !== 'trade-message') return false
  const [earlier] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, notice.userId),
        eq(notifications.kind, 'trade-message'),
        eq(notifications.link, notice.link),
        isNull(notifications.readAt),
        lt(notifications.id, id),
      ),
    )
    .limit(1)
  return earlier !== undefined
}

/**
 * A trade notice, in the caller's transaction: in-app and live (notifyUser), and beyond the site as the
 * trader's settings say. With trade e-mails on it waits for their next alert mail (due now, or 15
 * minutes after the last one: a conversation's messages come together there); with trades on Discord
 * and a working webhook it is queued in the Discord outbox — a conversation's first unread message
 * only. True when it was created (a repeated `dedupeKey` sends nothing).
 */
export async function notifyTrader(
  tx: DbOrTx,
  notice: TradeNotice,
  options: { publicUrl: string },
): Promise<boolean> {
  const [settings] = await tx
    .select({
      emailTrades: alertSettings.emailTrades,
      discordTrades: alertSettings.discordTrades,
      discordEnabled: alertSettings.discordEnabled,
    })
    .from(alertSettings)
    .where(eq(alertSettings.userId, notice.userId))
  const email = settings?.emailTrades ?? false
  const created = await createNotification(tx, notice, { emailPending: email })
  if (!created) return false
  if (email) await scheduleAlertMail(tx, [notice.userId])
  if (
    settings?.discordTrades &&
    settings.discordEnabled &&
    !(await conversationAnnounced(tx, notice, created.id))
  )
    await enqueueDiscord(tx, notice.userId, tradeDiscordPayload(notice, created.createdAt, options.publicUrl))
  return true
}
