import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm'
import {
  type BotMessageKind,
  discordBotMessages,
  discordLinks,
  discordTracks,
} from '@/features/discord/tables'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { type ClaimedRowBase, QueueWorker, type QueueWorkerOptions } from '@/platform/server/lib/queue-worker'
import type { MessageData } from './bot'
import { callDiscord, type DiscordApi, type DiscordResult } from './rest'

/** The channel on which a new bot message wakes the workers of every instance. */
export const BOT_OUTBOX_CHANNEL = 'discord_bot_outbox'

/** Discord's wait after a 429 is followed up to this long. */
const MAX_RETRY_AFTER_MS = 3_600_000
/** A correction waits this long for the restock's first post to go, so that it edits that post. */
const WAIT_FOR_FIRST_POST_MS = 1_000

export interface BotMessage {
  kind: BotMessageKind
  /** The interaction token (reply), the channel (channel) or the Discord user (dm). */
  target: string
  payload: MessageData
  trackId?: number
  /** Names a restock: a later message with the same key edits the one posted. */
  postKey?: string
}

/**
 * Queues a message of the bot. Inside the transaction of what causes it, the row commits with it or not
 * at all; the NOTIFY (delivered at commit) wakes the workers.
 */
export async function enqueueBotMessage(tx: DbOrTx, message: BotMessage): Promise<number> {
  const [row] = await tx
    .insert(discordBotMessages)
    .values({
      kind: message.kind,
      target: message.target,
      payload: { ...message.payload },
      trackId: message.trackId ?? null,
      postKey: message.postKey ?? null,
    })
    .returning({ id: discordBotMessages.id })
  await tx.execute(sql`select pg_notify(${BOT_OUTBOX_CHANNEL}, ${String(row!.id)})`)
  return row!.id
}

interface ClaimedMessage extends ClaimedRowBase {
  kind: BotMessageKind
  target: string
  track_id: string | null
  post_key: string | null
  payload: MessageData
}

export interface BotWorkerOptions extends QueueWorkerOptions {
  api: DiscordApi
}

/**
 * Sends the bot's messages like mail (QueueWorker: claims, leases, NOTIFY, backoff with jitter), and
 * honours Discord's `retry_after` on a 429. A channel that answers 403 or 404 stops its track (the server
 * is told on its next command); a user whose DMs are closed gets no more DMs until they /watch again.
 */
export class BotMessageWorker extends QueueWorker<ClaimedMessage> {
  constructor(private readonly options: BotWorkerOptions) {
    super(
      {
        table: 'discord_bot_messages',
        channel: BOT_OUTBOX_CHANNEL,
        columns: 'id, kind, target, track_id, post_key, payload, attempts, max_attempts',
        label: 'discord bot outbox',
      },
      options,
    )
  }

  protected async deliver(row: ClaimedMessage): Promise<void> {
    const log = { messageId: row.id, kind: row.kind, attempt: row.attempts }
    const outcome =
      row.kind === 'reply'
        ? await this.reply(row)
        : row.kind === 'channel'
          ? await this.post(row)
          : await this.directMessage(row)
    if (outcome === 'handled') return
    if (outcome.ok) {
      const id = typeof outcome.data.id === 'string' ? outcome.data.id : null
      // An interaction's token is a credential for 15 minutes: it is not kept once used.
      await this.markSent(
        row,
        sql`, message_id = coalesce(${id}, message_id), target = case when kind = 'reply' then '' else target end`,
      )
      this.options.logger.info(log, 'discord bot message sent')
      return
    }
    if (outcome.refused) {
      await this.refused(row, outcome.error)
      this.options.logger.warn({ ...log, err: outcome.error }, 'discord refused the bot message')
      return
    }
    const delay =
      outcome.retryAfterMs === undefined ? undefined : Math.min(outcome.retryAfterMs, MAX_RETRY_AFTER_MS)
    const { final, delayMs } = await this.retryLater(row, outcome.error, delay)
    this.options.logger.warn(
      { ...log, final, retryInMs: final ? null : delayMs, err: outcome.error },
      'discord bot message not sent',
    )
  }

  /** A deferred reply: the "thinking…" message becomes the answer. */
  private reply(row: ClaimedMessage) {
    const { api } = this.options
    return callDiscord(
      api,
      'PATCH',
      `/webhooks/${api.applicationId}/${row.target}/messages/@original`,
      row.payload,
      {
        asBot: false,
      },
    )
  }

  /** A restock post; a correction of one already posted edits it. */
  private async post(row: ClaimedMessage): Promise<DiscordResult | 'handled'> {
    const { api, database } = this.options
    if (row.track_id === null || row.post_key === null)
      return callDiscord(api, 'POST', `/channels/${row.target}/messages`, row.payload)
    const trackId = Number(row.track_id)
    const [track] = await database.db
      .select({ off: discordTracks.switchedOffAt })
      .from(discordTracks)
      .where(eq(discordTracks.id, trackId))
    if (!track || track.off) {
      await this.markFailed(row, 'The channel is no longer tracked')
      return 'handled'
    }
    const earlier = await database.db
      .select({ status: discordBotMessages.status, messageId: discordBotMessages.messageId })
      .from(discordBotMessages)
      .where(
        and(
          eq(discordBotMessages.trackId, trackId),
          eq(discordBotMessages.postKey, row.post_key),
          lt(discordBotMessages.id, row.id),
          inArray(discordBotMessages.status, ['pending', 'sending', 'sent']),
        ),
      )
    if (earlier.some((e) => e.status !== 'sent')) {
      await this.retryLater(row, 'Waiting for the first post of this restock', WAIT_FOR_FIRST_POST_MS)
      return 'handled'
    }
    const posted = earlier.findLast((e) => e.messageId)?.messageId
    if (posted) {
      const edited = await callDiscord(
        api,
        'PATCH',
        `/channels/${row.target}/messages/${posted}`,
        row.payload,
      )
      // A post deleted in Discord meanwhile: the correction is posted anew.
      if (edited.ok || !edited.refused || edited.status !== 404) return edited
    }
    return callDiscord(api, 'POST', `/channels/${row.target}/messages`, row.payload)
  }

  /** A DM: Discord's DM channel with the user is opened once and kept. */
  private async directMessage(row: ClaimedMessage): Promise<DiscordResult | 'handled'> {
    const { api, database } = this.options
    const [link] = await database.db
      .select()
      .from(discordLinks)
      .where(eq(discordLinks.discordUserId, row.target))
    if (!link || link.dmProblem) {
      await this.markFailed(row, link ? link.dmProblem! : 'The Discord user is no longer connected')
      return 'handled'
    }
    let channel = link.dmChannelId
    if (!channel) {
      const opened = await callDiscord(api, 'POST', '/users/@me/channels', { recipient_id: row.target })
      if (!opened.ok) return opened
      channel = String(opened.data.id ?? '')
      await database.db
        .update(discordLinks)
        .set({ dmChannelId: channel })
        .where(eq(discordLinks.discordUserId, row.target))
    }
    return callDiscord(api, 'POST', `/channels/${channel}/messages`, row.payload)
  }

  /** Discord will not take these messages: the track or the DMs stop, and what waits for them fails. */
  private async refused(row: ClaimedMessage, error: string): Promise<void> {
    const { database } = this.options
    await this.markFailed(row, error)
    if (row.kind === 'channel' && row.track_id !== null) {
      const trackId = Number(row.track_id)
      await database.db.transaction(async (tx) => {
        await tx
          .update(discordTracks)
          .set({ switchedOffAt: new Date(), problem: error, problemToldAt: null })
          .where(and(eq(discordTracks.id, trackId), sql`${discordTracks.switchedOffAt} is null`))
        await failWaiting(tx, eq(discordBotMessages.trackId, trackId), error)
      })
    } else if (row.kind === 'dm') {
      await database.db.transaction(async (tx) => {
        await tx
          .update(discordLinks)
          .set({ dmProblem: error, dmChannelId: null })
          .where(eq(discordLinks.discordUserId, row.target))
        await failWaiting(
          tx,
          and(eq(discordBotMessages.kind, 'dm'), eq(discordBotMessages.target, row.target)),
          error,
        )
      })
    }
  }
}

/** Fails the pending messages that go where Discord refused to take one. */
async function failWaiting(tx: DbOrTx, where: SQL | undefined, error: string) {
  await tx
    .update(discordBotMessages)
    .set({ status: 'failed', lastError: error })
    .where(and(where, eq(discordBotMessages.status, 'pending')))
}
