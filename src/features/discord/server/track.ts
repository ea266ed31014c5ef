import { and, asc, count, eq, gt, isNull, max, sql } from 'drizzle-orm'
import type { ItemSummary } from '@/features/catalog/contract'
import type { CatalogDeps } from '@/features/catalog/server/public'
import { findItems } from '@/features/catalog/server/public'
import { DEFAULT_PING_RARITY, DISCORD_BOT_LIMITS, MANAGE_GUILD } from '@/features/discord/contract'
import { discordTracks } from '@/features/discord/tables'
import { STOCK_RARITIES, shopDefinition } from '@/features/stock/rules'
import type { Database } from '@/platform/server/db/client'
import type { Logger } from '@/platform/server/lib/logger'
import { type RestockEvent, SITE_EVENTS_CHANNEL } from '@/platform/server/lib/site-events'
import { siteEvents } from '@/platform/server/lib/site-events-tables'
import { LoopWorker } from '@/platform/server/lib/wake-loop'
import { isStockGame, STOCK_GAME_NAMES, type StockGameId } from '@/shared/games'
import {
  type BotDeps,
  type Command,
  countChange,
  EMBED_COLOUR,
  ephemeral,
  type Handler,
  linkRow,
  type MessageData,
  option,
} from './bot'
import { enqueueBotMessage } from './outbox'
import { showcaseOf, thumbnailOf } from './pictures'

/** Administrator implies every permission. */
const ADMINISTRATOR = 1n << 3n
/** Text and announcement channels. */
const POSTABLE = new Set([0, 5])

const canManage = (i: Command) => {
  const bits = BigInt(i.member?.permissions ?? '0')
  return (bits & (MANAGE_GUILD | ADMINISTRATOR)) !== 0n
}

/** What /track and /untrack need before they change anything, or why they refuse. */
function checkTrackCommand(deps: BotDeps, i: Command) {
  if (!i.guild_id || !i.member) return { refusal: 'Use this command in a server.' }
  if (!canManage(i))
    return { refusal: 'You need the Manage Server permission to change where restocks are posted.' }
  if (!deps.api.botToken)
    return { refusal: 'This TradeHub has no bot token set, so it cannot post in channels.' }
  const game = option(i, 'game')
  if (!game || !isStockGame(game)) return { refusal: 'Pick Grow a Garden or Blox Fruits.' }
  const channelId = option(i, 'channel')
  const channel = channelId ? i.data.resolved?.channels?.[channelId] : undefined
  if (!channelId || !channel) return { refusal: 'Pick a channel.' }
  if (!POSTABLE.has(channel.type)) return { refusal: 'Pick a text or announcement channel.' }
  return { guildId: i.guild_id, userId: i.member.user.id, game, channelId }
}

/** `/track game channel [role] [rarity]`: the channel gets every new restock of the game from now on. */
export const trackCommand: Handler = async (deps, i) => {
  const checked = checkTrackCommand(deps, i)
  if ('refusal' in checked) return { now: ephemeral(checked.refusal!) }
  const { guildId, userId, game, channelId } = checked
  const roleId = option(i, 'role') ?? null
  const rarity = option(i, 'rarity') ?? (roleId ? DEFAULT_PING_RARITY : null)
  if (rarity && !STOCK_RARITIES[game].includes(rarity))
    return {
      now: ephemeral(
        `${rarity} is not a rarity of ${STOCK_GAME_NAMES[game]}: pick ${STOCK_RARITIES[game].join(', ')}.`,
      ),
    }
  return {
    later: {
      ephemeral: true,
      work: async () => {
        await countChange(deps.app.database.db, userId)
        const { db } = deps.app.database
        return db.transaction(async (tx) => {
          const [{ tracked } = { tracked: 0 }] = await tx
            .select({ tracked: count() })
            .from(discordTracks)
            .where(
              and(
                eq(discordTracks.guildId, guildId),
                sql`not (${discordTracks.channelId} = ${channelId} and ${discordTracks.gameId} = ${game})`,
              ),
            )
          if (tracked >= DISCORD_BOT_LIMITS.maxTracksPerServer)
            return ephemeral(
              `A server can track at most ${DISCORD_BOT_LIMITS.maxTracksPerServer} channels. Use /untrack first.`,
            )
          // From the newest restock on: what was posted before /track is not posted again.
          const [{ last } = { last: null }] = await tx.select({ last: max(siteEvents.id) }).from(siteEvents)
          const values = {
            guildId,
            channelId,
            gameId: game,
            roleId,
            rarity: roleId ? rarity : null,
            createdBy: userId,
            lastEventId: Number(last ?? 0),
            switchedOffAt: null,
            problem: null,
            problemToldAt: null,
          }
          const [track] = await tx
            .insert(discordTracks)
            .values(values)
            .onConflictDoUpdate({ target: [discordTracks.channelId, discordTracks.gameId], set: values })
            .returning({ id: discordTracks.id })
          // The first post says what comes, and shows at once whether the bot may post there.
          await enqueueBotMessage(tx, {
            kind: 'channel',
            target: channelId,
            trackId: track!.id,
            payload: {
              content: `TradeHub will post every ${STOCK_GAME_NAMES[game]} restock in this channel.`,
              allowed_mentions: { parse: [] },
            },
          })
          const ping = roleId ? `, pinging <@&${roleId}> when a ${rarity} or rarer item is in stock` : ''
          return ephemeral(`Tracking ${STOCK_GAME_NAMES[game]} restocks in <#${channelId}>${ping}.`)
        })
      },
    },
  }
}

/** `/untrack game channel`. */
export const untrackCommand: Handler = async (deps, i) => {
  const checked = checkTrackCommand(deps, i)
  if ('refusal' in checked) return { now: ephemeral(checked.refusal!) }
  const { guildId, userId, game, channelId } = checked
  return {
    later: {
      ephemeral: true,
      work: async () => {
        await countChange(deps.app.database.db, userId)
        const removed = await deps.app.database.db
          .delete(discordTracks)
          .where(
            and(
              eq(discordTracks.guildId, guildId),
              eq(discordTracks.channelId, channelId),
              eq(discordTracks.gameId, game),
            ),
          )
          .returning({ id: discordTracks.id })
        return ephemeral(
          removed.length > 0
            ? `Stopped posting ${STOCK_GAME_NAMES[game]} restocks in <#${channelId}>.`
            : `<#${channelId}> was not tracking ${STOCK_GAME_NAMES[game]}.`,
        )
      },
    },
  }
}

/**
 * The channels of this server that Discord refused, said once to the next member who may fix it (one
 * with Manage Server) on any command.
 */
export async function trackProblems(deps: BotDeps, i: Command): Promise<string | undefined> {
  if (!i.guild_id || !canManage(i)) return undefined
  const told = await deps.app.database.db
    .update(discordTracks)
    .set({ problemToldAt: new Date() })
    .where(
      and(
        eq(discordTracks.guildId, i.guild_id),
        sql`${discordTracks.switchedOffAt} is not null`,
        isNull(discordTracks.problemToldAt),
      ),
    )
    .returning({
      channelId: discordTracks.channelId,
      gameId: discordTracks.gameId,
      problem: discordTracks.problem,
    })
  if (told.length === 0) return undefined
  return told
    .map(
      (t) =>
        `⚠️ TradeHub stopped posting ${isStockGame(t.gameId) ? STOCK_GAME_NAMES[t.gameId] : t.gameId} restocks in <#${t.channelId}> (${t.problem ?? 'Discord refused'}). Let the bot view the channel, send messages and embed links there, then run /track again.`,
    )
    .join('\n')
}

// --- Restock posts -----------------------------------------------------------------------------------

/** Restocks read per track and round. */
const EVENTS_PER_ROUND = 50

/**
 * The post of one restock: the shop, its items with quantities and rarities, when it ends, a link, and
 * the picture of its rarest item that has one.
 */
export function restockPost(
  publicUrl: string,
  track: { gameId: StockGameId; roleId: string | null; rarity: string | null },
  event: RestockEvent['payload'],
  items: Map<string, ItemSummary>,
): MessageData {
  const game = track.gameId
  const shop = shopDefinition(game, event.shop)?.name ?? event.shop
  const rarities = STOCK_RARITIES[game]
  const threshold = track.rarity ? rarities.indexOf(track.rarity) : -1
  const lines = event.items.map(({ item, quantity }) => {
    const known = items.get(item)
    const rarity = known?.rarity ? ` · ${known.rarity}` : ''
    // No quantity at a shop without quantities (the Blox Fruits dealers).
    return `**${known?.name ?? item}**${quantity === undefined ? '' : ` ×${quantity}`}${rarity}`
  })
  const rare = event.items
    .map(({ item }) => items.get(item))
    .filter((i): i is ItemSummary =>
      Boolean(i?.rarity && threshold >= 0 && rarities.indexOf(i.rarity) >= threshold),
    )
  const ends = Math.floor(new Date(event.windowEnd).getTime() / 1000)
  const showcase = showcaseOf(
    event.items.map(({ item }) => items.get(item)),
    rarities,
  )
  const ping = track.roleId && rare.length > 0
  return {
    ...(ping && { content: `<@&${track.roleId}> ${rare.map((i) => i.name).join(', ')} in stock` }),
    embeds: [
      {
        title: `${STOCK_GAME_NAMES[game]} · ${shop}`,
        url: `${publicUrl}/stock/${game}`,
        description: `${lines.join('\n').slice(0, 3900)}\n\nNext restock <t:${ends}:R>`,
        color: EMBED_COLOUR,
        timestamp: event.windowStart,
        ...thumbnailOf(publicUrl, showcase?.image),
      },
    ],
    components: [linkRow('Stock on TradeHub', `${publicUrl}/stock/${game}`)],
    allowed_mentions: ping ? { parse: [], roles: [track.roleId!] } : { parse: [] },
  }
}

/**
 * Posts each new restock to the channels tracking its game. Every track keeps the last site event it
 * looked at; a round moves that cursor with a compare-and-set in the transaction that queues the posts,
 * so two instances never post a restock twice, and a crash loses nothing (the cursor did not move).
 * A correction of a restock carries the same window and shop: its post edits the first (`postKey`).
 */
export class TrackWorker extends LoopWorker {
  constructor(
    private readonly options: {
      database: Database
      logger: Logger
      catalog: CatalogDeps
      publicUrl: string
      pollMs?: number
    },
  ) {
    super({
      listen: { database: options.database, channel: SITE_EVENTS_CHANNEL },
      pollMs: options.pollMs ?? 5_000,
      logger: options.logger,
      failure: 'discord restock posts failed',
    })
  }

  protected async drain(loop: { readonly stopped: boolean }): Promise<void> {
    const { db } = this.options.database
    const tracks = await db
      .select()
      .from(discordTracks)
      .where(
        and(
          isNull(discordTracks.switchedOffAt),
          sql`exists (select 1 from ${siteEvents} where ${siteEvents.kind} = 'restock' and ${siteEvents.gameId} = ${discordTracks.gameId} and ${siteEvents.id} > ${discordTracks.lastEventId})`,
        ),
      )
    for (const track of tracks) {
      if (loop.stopped) return
      await this.postNew(track)
    }
  }

  private async postNew(track: typeof discordTracks.$inferSelect): Promise<void> {
    const { database, catalog, publicUrl } = this.options
    if (!isStockGame(track.gameId)) return
    const game = track.gameId
    const events = await database.db
      .select({ id: siteEvents.id, payload: siteEvents.payload })
      .from(siteEvents)
      .where(
        and(
          eq(siteEvents.kind, 'restock'),
          eq(siteEvents.gameId, game),
          gt(siteEvents.id, track.lastEventId),
        ),
      )
      .orderBy(asc(siteEvents.id))
      .limit(EVENTS_PER_ROUND)
    if (events.length === 0) return
    const restocks = events.map((e) => e.payload as RestockEvent['payload'])
    const items = await findItems(catalog, game, [
      ...new Set(restocks.flatMap((r) => r.items.map((i) => i.item))),
    ])
    const now = Date.now()
    await database.db.transaction(async (tx) => {
      const moved = await tx
        .update(discordTracks)
        .set({ lastEventId: events.at(-1)!.id })
        .where(and(eq(discordTracks.id, track.id), eq(discordTracks.lastEventId, track.lastEventId)))
        .returning({ id: discordTracks.id })
      if (moved.length === 0) return // another instance posted these
      for (const restock of restocks) {
        // A restock whose window is over (the bot was away) is not news any more.
        if (new Date(restock.windowEnd).getTime() <= now) continue
        await enqueueBotMessage(tx, {
          kind: 'channel',
          target: track.channelId,
          trackId: track.id,
          postKey: `${restock.shop}:${restock.windowStart}`,
          payload: restockPost(
            publicUrl,
            { gameId: game, roleId: track.roleId, rarity: track.rarity },
            restock,
            items,
          ),
        })
      }
    })
  }
}
