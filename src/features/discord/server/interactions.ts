import { EPHEMERAL, type Interaction, RESPONSE } from '@/features/discord/contract'
import { AppError } from '@/platform/server/lib/errors'
import { GAME_NAMES, isGameId } from '@/shared/games'
import {
  type BotDeps,
  type Command,
  ephemeral,
  type Handler,
  type MessageData,
  messageResponse,
  option,
} from './bot'
import type { CommandName } from './commands'
import { choiceValue, matchItems } from './lookup'
import { enqueueBotMessage } from './outbox'
import { stockCommand } from './stock'
import { trackCommand, trackProblems, untrackCommand } from './track'
import { valueCommand } from './value'
import { unwatchCommand, watchCommand } from './watch'
import { wflAutocomplete, wflCommand } from './wfl'

const HANDLERS: Record<CommandName, Handler> = {
  value: valueCommand,
  wfl: wflCommand,
  stock: stockCommand,
  track: trackCommand,
  untrack: untrackCommand,
  watch: watchCommand,
  unwatch: unwatchCommand,
}

const isCommand = (name: string): name is CommandName => Object.hasOwn(HANDLERS, name)

/**
 * The answer to a signed interaction: PONG, autocomplete choices, or a command's reply — now, or
 * "thinking…" (type 5) and the reply later, by editing that message through the bot's outbox.
 */
export async function answerInteraction(deps: BotDeps, interaction: Interaction): Promise<object> {
  if (interaction.type === 1) return { type: RESPONSE.pong }
  if (interaction.type === 4)
    return { type: RESPONSE.autocomplete, data: { choices: await autocomplete(deps, interaction) } }
  const name = interaction.data.name
  if (!isCommand(name)) return messageResponse(ephemeral('That command is not known to TradeHub.'))
  const reply = await HANDLERS[name](deps, interaction)
  const notice = await trackProblems(deps, interaction)
  if ('now' in reply) return messageResponse(withNotice(reply.now, notice))
  finishLater(deps, interaction, reply.later.work, notice)
  return { type: RESPONSE.deferred, ...(reply.later.ephemeral && { data: { flags: EPHEMERAL } }) }
}

/** A notice for the server's managers goes first in the message. */
function withNotice(data: MessageData, notice: string | undefined): MessageData {
  if (!notice) return data
  return { ...data, content: data.content ? `${notice}\n\n${data.content}` : notice }
}

/**
 * Runs a deferred command's work after the answer went, and queues the message that completes it. A
 * refusal of the site (a limit) is said as it is; anything else as a failure to try again.
 */
function finishLater(
  deps: BotDeps,
  i: Command,
  work: () => Promise<MessageData>,
  notice: string | undefined,
) {
  const { database, logger } = deps.app
  void (async () => {
    let data: MessageData
    try {
      data = await work()
    } catch (error) {
      if (!(error instanceof AppError))
        logger.error({ err: error, command: i.data.name }, 'discord command failed')
      data = ephemeral(
        error instanceof AppError
          ? error.message
          : 'TradeHub could not do that just now. Try again in a moment.',
      )
    }
    await enqueueBotMessage(database.db, {
      kind: 'reply',
      target: i.token,
      payload: withNotice(data, notice),
    })
  })().catch((err) => logger.error({ err }, 'discord reply could not be queued'))
}

async function autocomplete(deps: BotDeps, i: Command) {
  if (i.data.name === 'wfl') return wflAutocomplete(deps, i)
  const focused = i.data.options.find((o) => o.focused)
  if (!focused || typeof focused.value !== 'string') return []
  const game = option(i, 'game')
  const items = await matchItems(deps.catalog, focused.value, game && isGameId(game) ? game : undefined)
  return items.map((item) => ({
    name: `${item.name} (${GAME_NAMES[item.gameId]})`.slice(0, 100),
    value: choiceValue(item),
  }))
}
