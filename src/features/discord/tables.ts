import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '../../platform/server/auth/tables'
import { outboxStatuses } from '../../platform/server/lib/mail/tables'

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/**
 * A Discord channel that gets every restock of a game (`/track`), until `/untrack` or until Discord
 * refuses the channel (403/404): then `problem` says why, and the next command run in the server tells it.
 */
export const discordTracks = pgTable(
  'discord_tracks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    guildId: text().notNull(),
    channelId: text().notNull(),
    gameId: text().notNull(),
    /** The role pinged when an item of `rarity` or rarer is in stock. */
    roleId: text(),
    rarity: text(),
    /** The last site event (a restock) looked at: later ones are posted. */
    lastEventId: bigint({ mode: 'number' }).notNull().default(0),
    /** The Discord user who ran /track. */
    createdBy: text().notNull(),
    createdAt: createdAt(),
    /** Set when Discord refused the channel: the posts stopped. */
    switchedOffAt: timestamp({ withTimezone: true }),
    problem: text(),
    /** When the server was told of the problem (once). */
    problemToldAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('discord_tracks_channel_game_idx').on(t.channelId, t.gameId),
    index('discord_tracks_game_idx').on(t.gameId).where(sql`${t.switchedOffAt} is null`),
    index('discord_tracks_guild_idx').on(t.guildId),
  ],
)

/**
 * A Discord user connected to a TradeHub account (`/watch`): the bot DMs them their alerts. One
 * Discord user per account and one account per Discord user.
 */
export const discordLinks = pgTable('discord_links', {
  discordUserId: text().primaryKey(),
  userId: text()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Their Discord username when they last used the bot (shown in their settings). */
  username: text(),
  /** The DM channel Discord opened for the bot, kept to skip opening it again. */
  dmChannelId: text(),
  /** The last notification looked at: later alerts are sent as DMs. */
  lastNotificationId: bigint({ mode: 'number' }).notNull().default(0),
  /** Set when Discord refused the DMs (the user closed them): no more DMs until they /watch again. */
  dmProblem: text(),
  createdAt: createdAt(),
})

export const botMessageKinds = ['reply', 'channel', 'dm'] as const
export type BotMessageKind = (typeof botMessageKinds)[number]

/**
 * What the bot sends, delivered like mail (claims, lease, backoff, Discord's retry_after): the completion
 * of a deferred reply (`reply`: target is the interaction token), a restock post (`channel`: target is the
 * channel, `postKey` names the restock so a correction edits the message already posted), a DM (`dm`:
 * target is the Discord user).
 */
export const discordBotMessages = pgTable(
  'discord_bot_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: text({ enum: botMessageKinds }).notNull(),
    target: text().notNull(),
    trackId: bigint({ mode: 'number' }).references(() => discordTracks.id, { onDelete: 'cascade' }),
    postKey: text(),
    /** Discord's id of the message once posted (a correction edits it). */
    messageId: text(),
    status: text({ enum: outboxStatuses }).notNull().default('pending'),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(8),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lockedBy: text(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('discord_bot_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('discord_bot_messages_post_idx').on(t.trackId, t.postKey),
  ],
)
