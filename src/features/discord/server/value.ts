import type { ItemSummary } from '@/features/catalog/contract'
import { trendLabel } from '@/features/catalog/labels'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { GAME_NAMES, isGameId } from '@/shared/games'
import { type BotDeps, EMBED_COLOUR, ephemeral, type Handler, itemUrl, linkRow, option } from './bot'
import { findNamedItem } from './lookup'
import { thumbnailOf } from './pictures'

/** `/value item [game]`: the item's embed and a link to its page, or the closest names. */
export const valueCommand: Handler = async (deps, i) => {
  const typed = option(i, 'item')
  const game = option(i, 'game')
  if (!typed) return { now: ephemeral('Name an item, for example /value item:Kitsune.') }
  if (game !== undefined && !isGameId(game)) return { now: ephemeral('That game is not on TradeHub.') }
  const { item, closest } = await findNamedItem(deps.catalog, typed, game)
  if (!item) return { now: ephemeral(notFound(typed, closest)) }
  return {
    now: { embeds: [valueEmbed(deps, item)], components: [linkRow('Open on TradeHub', itemUrl(deps, item))] },
  }
}

/** "No item called …. Closest: …." */
export function notFound(typed: string, closest: ItemSummary[]): string {
  const names = closest.map((c) => `${c.name} (${GAME_NAMES[c.gameId]})`).join(', ')
  return `No item called "${typed.slice(0, 100)}".${names ? ` Closest: ${names}.` : ''}`
}

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
  return {
    title: item.name,
    url: itemUrl(deps, item),
    description: GAME_NAMES[item.gameId],
    color: EMBED_COLOUR,
    fields,
    ...thumbnailOf(deps.publicUrl, item.image),
  }
}
