import type { CatalogDeps } from '@/server/features/catalog/public'
import type { ItemSummary } from '@/shared/catalog'
import { EPHEMERAL, type Interaction, RESPONSE } from '@/shared/discord'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { GAME_NAMES, isGameId } from '@/shared/games'
import { trendLabel } from '@/shared/labels'
import type { CommandName } from './commands'
import { choiceValue, findNamedItem, matchItems } from './lookup'

type Command = Extract<Interaction, { type: 2 | 4 }>
export interface BotDeps {
  catalog: CatalogDeps
  publicUrl: string
}

/** TradeHub's accent, as Discord reads colours (an integer). */
const EMBED_COLOUR = 0x5865f2

const option = (i: Command, name: string) => {
  const value = i.data.options.find((o) => o.name === name)?.value
  return typeof value === 'string' ? value.trim() : undefined
}

const ephemeral = (content: string) => ({
  type: RESPONSE.message,
  data: { content, flags: EPHEMERAL, allowed_mentions: { parse: [] } },
})

/** The answer to a signed interaction: PONG, autocomplete choices or a command's reply. */
export async function answerInteraction(deps: BotDeps, interaction: Interaction): Promise<object> {
  if (interaction.type === 1) return { type: RESPONSE.pong }
  const name = interaction.data.name as CommandName
  if (interaction.type === 4)
    return { type: RESPONSE.autocomplete, data: { choices: await autocomplete(deps, interaction) } }
  if (name === 'value') return valueReply(deps, interaction)
  return ephemeral('That command is not known to TradeHub.')
}

async function autocomplete(deps: BotDeps, i: Command) {
  const focused = i.data.options.find((o) => o.focused)
  if (!focused || typeof focused.value !== 'string') return []
  const game = option(i, 'game')
  const items = await matchItems(deps.catalog, focused.value, game && isGameId(game) ? game : undefined)
  return items.map((item) => ({
    name: `${item.name} (${GAME_NAMES[item.gameId]})`.slice(0, 100),
    value: choiceValue(item),
  }))
}

async function valueReply(deps: BotDeps, i: Command) {
  const typed = option(i, 'item')
  const game = option(i, 'game')
  if (!typed) return ephemeral('Name an item, for example /value item:Kitsune.')
  if (game !== undefined && !isGameId(game)) return ephemeral('That game is not on TradeHub.')
  const { item, closest } = await findNamedItem(deps.catalog, typed, game)
  if (!item) {
    const names = closest.map((c) => `${c.name} (${GAME_NAMES[c.gameId]})`).join(', ')
    return ephemeral(`No item called "${typed.slice(0, 100)}".${names ? ` Closest: ${names}.` : ''}`)
  }
  return {
    type: RESPONSE.message,
    data: { embeds: [valueEmbed(deps, item)], components: [linkRow(deps, item)] },
  }
}

const itemUrl = (deps: BotDeps, item: ItemSummary) =>
  `${deps.publicUrl}/values/${item.gameId}/${encodeURIComponent(item.id)}`

function valueEmbed(deps: BotDeps, item: ItemSummary) {
  const value =
    item.value === null ? 'No value yet' : `${formatValueFull(item.value)} (${formatValue(item.value)})`
  const fields = [
    { name: 'Value', value, inline: true },
    { name: 'Demand', value: item.demand === null ? 'Not rated' : String(item.demand), inline: true },
    { name: 'Trend', value: trendLabel(item) ?? 'No trend', inline: true },
  ]
  if (item.lastChange) {
    const at = Math.floor(new Date(item.lastChange.at).getTime() / 1000)
    const percent =
      item.lastChange.percent === null
        ? ''
        : `${item.lastChange.percent > 0 ? '+' : ''}${item.lastChange.percent}% `
    fields.push({ name: 'Last change', value: `${percent}<t:${at}:R>`, inline: false })
  }
  const image = item.image ? new URL(`${item.image}-256.webp`, `${deps.publicUrl}/`).href : undefined
  return {
    title: item.name,
    url: itemUrl(deps, item),
    description: GAME_NAMES[item.gameId],
    color: EMBED_COLOUR,
    fields,
    ...(image ? { thumbnail: { url: image } } : {}),
  }
}

/** A link button (component type 2, style 5) to the item page. */
const linkRow = (deps: BotDeps, item: ItemSummary) => ({
  type: 1,
  components: [{ type: 2, style: 5, label: 'Open on TradeHub', url: itemUrl(deps, item) }],
})
