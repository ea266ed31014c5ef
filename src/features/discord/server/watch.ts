import { watchAllRequest } from '@/features/alerts/rules'
import { deleteWatch, putWatch } from '@/features/alerts/server/public'
import type { ItemSummary } from '@/features/catalog/contract'
import { invokerOf } from '@/features/discord/contract'
import { clockOf } from '@/platform/server/context'
import { GAME_NAMES } from '@/shared/games'
import {
  type BotDeps,
  type Command,
  countChange,
  ephemeral,
  type Handler,
  linkRow,
  type MessageData,
  option,
} from './bot'
import { connectToken, findConnection, resumeDms } from './connect'
import { findNamedItem } from './lookup'
import { notFound } from './value'

/** The item a /watch or /unwatch names and who ran it, or the answer that ends the command. */
async function readWatchCommand(
  deps: BotDeps,
  i: Command,
  name: 'watch' | 'unwatch',
): Promise<{ refusal: MessageData } | { invoker: { id: string; username?: string }; item: ItemSummary }> {
  const invoker = invokerOf(i)
  if (!invoker) return { refusal: ephemeral('TradeHub could not tell who ran this command.') }
  const typed = option(i, 'item')
  if (!typed) return { refusal: ephemeral(`Name an item, for example /${name} item:Kitsune.`) }
  const { item, closest } = await findNamedItem(deps.catalog, typed, undefined)
  if (!item) return { refusal: ephemeral(notFound(typed, closest)) }
  return { invoker, item }
}

/**
 * `/watch item`: a connected Discord user (a link, or a Discord sign-in on TradeHub) watches the item
 * on their account and gets its alerts as DMs; anyone else gets a private link that connects them.
 */
export const watchCommand: Handler = async (deps, i) => {
  const read = await readWatchCommand(deps, i, 'watch')
  if ('refusal' in read) return { now: read.refusal }
  const { invoker, item } = read
  const link = await findConnection(deps.app.database.db, invoker)
  if (!link) return { now: connectMessage(deps, { id: invoker.id, username: invoker.username }, item) }
  return {
    later: {
      ephemeral: true,
      work: async () => {
        await countChange(deps.app.database.db, invoker.id)
        const request = watchAllRequest({ game: item.gameId, category: item.category })
        await putWatch(deps.catalog, link.userId, item.gameId, item.id, request)
        await resumeDms(deps.app.database.db, link)
        const when = request.restock ? 'when it restocks or its value changes' : 'when its value changes'
        return ephemeral(`Watching ${item.name} (${GAME_NAMES[item.gameId]}). TradeHub will DM you ${when}.`)
      },
    },
  }
}

/** The private link that connects a Discord user to their TradeHub account, and watches the item. */
function connectMessage(
  deps: BotDeps,
  invoker: { id: string; username?: string },
  item: ItemSummary,
): MessageData {
  const token = connectToken(
    deps.app.secret,
    { discordUserId: invoker.id, username: invoker.username ?? invoker.id, game: item.gameId, item: item.id },
    clockOf(deps.app)(),
  )
  const url = `${deps.publicUrl}/discord/connect?token=${encodeURIComponent(token)}`
  return {
    ...ephemeral(
      `To get DMs about ${item.name} (${GAME_NAMES[item.gameId]}), connect your Discord account to TradeHub. The link works for 15 minutes and only for you.`,
    ),
    components: [linkRow('Connect to TradeHub', url)],
  }
}

/** `/unwatch item`: the connected user's watch of the item is removed. */
export const unwatchCommand: Handler = async (deps, i) => {
  const read = await readWatchCommand(deps, i, 'unwatch')
  if ('refusal' in read) return { now: read.refusal }
  const { invoker, item } = read
  const link = await findConnection(deps.app.database.db, invoker)
  if (!link)
    return {
      now: ephemeral('Your Discord account is not connected to TradeHub, so there is nothing to stop.'),
    }
  return {
    later: {
      ephemeral: true,
      work: async () => {
        await countChange(deps.app.database.db, invoker.id)
        const removed = await deleteWatch(deps.catalog, link.userId, item.gameId, item.id)
        return ephemeral(removed ? `Stopped watching ${item.name}.` : `You were not watching ${item.name}.`)
      },
    },
  }
}
