import type { ItemSummary } from '@/features/catalog/contract'
import type { CatalogDeps } from '@/features/catalog/server/public'
import {
  DISCORD_BOT_LIMITS,
  DISCORD_BOT_MESSAGES,
  EPHEMERAL,
  type Interaction,
  RESPONSE,
} from '@/features/discord/contract'
import type { AppDeps } from '@/platform/server/context'
import type { Db } from '@/platform/server/db/client'
import { hitRateLimit } from '@/platform/server/lib/rate-limit'
import type { DiscordApi } from './rest'

/** A command or an autocomplete request (a PING is answered before these). */
export type Command = Extract<Interaction, { type: 2 | 4 }>

/** What a command's handler reaches: the app's services, the catalog, the site's address, Discord's API. */
export interface BotDeps {
  app: AppDeps
  catalog: CatalogDeps
  publicUrl: string
  api: DiscordApi
}

/** The body of a message the bot sends: an interaction's reply, a channel post, a DM. */
export interface MessageData {
  content?: string
  embeds?: object[]
  components?: object[]
  flags?: number
  allowed_mentions?: { parse?: string[]; roles?: string[] }
}

/**
 * A command's answer: a message now, or `later` for work that needs more than a moment — Discord gets
 * "thinking…" (type 5) at once and the message replaces it when the work is done.
 */
export type Reply = { now: MessageData } | { later: { ephemeral: boolean; work: () => Promise<MessageData> } }

export type Handler = (deps: BotDeps, i: Command) => Promise<Reply>

/** TradeHub's accent, as Discord reads colours (an integer). */
export const EMBED_COLOUR = 0x5865f2

/** A string option as typed, trimmed; undefined when absent. */
export const option = (i: Command, name: string) => {
  const value = i.data.options.find((o) => o.name === name)?.value
  return typeof value === 'string' ? value.trim() : undefined
}

/** A message only the user who ran the command sees, mentioning no one. */
export const ephemeral = (content: string): MessageData => ({
  content,
  flags: EPHEMERAL,
  allowed_mentions: { parse: [] },
})

/** The interaction response that carries a message now. */
export const messageResponse = (data: MessageData) => ({ type: RESPONSE.message, data })

export const itemUrl = (deps: BotDeps, item: ItemSummary) =>
  `${deps.publicUrl}/values/${item.gameId}/${encodeURIComponent(item.id)}`

/** A row with one link button (component type 2, style 5). */
export const linkRow = (label: string, url: string) => ({
  type: 1,
  components: [{ type: 2, style: 5, label, url }],
})

/**
 * Counts a change to what the bot does for someone — a Discord user's /track, /untrack, /watch or
 * /unwatch, or an account connecting or disconnecting Discord: past the limit, a 429 that says so.
 */
export const countChange = (db: Db, who: string) =>
  hitRateLimit(
    db,
    `discord:write:${who}`,
    { max: DISCORD_BOT_LIMITS.writesPerUserPerMinute, windowSeconds: 60 },
    DISCORD_BOT_MESSAGES.tooManyChanges,
  )
