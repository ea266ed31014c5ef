import { type ItemSummary, type TradeResponse, tradeQuerySchema } from '@/features/catalog/contract'
import { describeModifiers } from '@/features/catalog/gag-modifiers'
import { previewVersion, tradePreview, tradePreviewPath } from '@/features/catalog/link-previews'
import { type CatalogDeps, evaluateSharedTrade, findItems, listGames } from '@/features/catalog/server/public'
import {
  DEFAULT_FAIR_BAND,
  type FairBand,
  MAX_SLOTS_PER_SIDE,
  parseFairBand,
  type TradeSlot,
  type Verdict,
} from '@/features/catalog/wfl'
import { formatTradeParam } from '@/features/catalog/wfl-links'
import { AppError } from '@/platform/server/lib/errors'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { GAME_NAMES, type GameId, isGameId } from '@/shared/games'
import { type BotDeps, type Command, EMBED_COLOUR, ephemeral, type Handler, linkRow, option } from './bot'
import { findNamedItem, MAX_CHOICES, matchItems } from './lookup'
import { showcaseOf, thumbnailOf } from './pictures'

/** Discord's limit on an autocomplete choice's name and value. */
const MAX_CHOICE_LENGTH = 100
/** Discord's limit on an embed field's value. */
const MAX_FIELD_LENGTH = 1024

const VERDICT_TITLE: Record<Verdict, string> = { win: 'Win', fair: 'Fair', loss: 'Loss' }
const VERDICT_COLOUR: Record<Verdict, number> = { win: 0x22c55e, fair: EMBED_COLOUR, loss: 0xef4444 }

/**
 * A share-link slot typed by a person: the item (an id or a name, `West Dragon`) and what follows it as
 * in a share link (`~variant`, `!mutations`, `_kg`, `@age`, `*quantity`). The shortest item part whose
 * rest reads as such a tail wins, so `dough*2` is `dough` + `*2`; a name holding `_` or `!` stays whole
 * when its rest would not be a tail.
 */
const TYPED_SLOT = /^(.*?)((?:~[^~!_@*]*)?(?:![^!_@*]*)?(?:_[\d.]*)?(?:@\d*)?(?:\*.*)?)$/s

export function splitTypedSlot(part: string): { item: string; tail: string } {
  const [, item = part, tail = ''] = TYPED_SLOT.exec(part) ?? []
  return { item: item.trim(), tail: tail.replace(/\s+/g, '').toLowerCase() }
}

/** The parts of a typed side, empty ones (a trailing comma) left out as the share link does. */
const partsOf = (side: string) =>
  side
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')

/**
 * One typed side as a share link's side: every item part that is not an item id of the game is looked
 * up by its name (exact, ignoring case, accents and punctuation). An unknown name is an error naming the
 * closest items; the rest of each slot is left to the share link's own reader.
 */
async function resolveSide(
  catalog: CatalogDeps,
  game: GameId,
  label: 'give' | 'get',
  typed: string,
): Promise<{ param: string } | { error: string }> {
  const parts = partsOf(typed).map(splitTypedSlot)
  if (parts.length === 0)
    return { error: `Put at least one item in ${label}, e.g. ${label}:kitsune, dough*2.` }
  if (parts.length > MAX_SLOTS_PER_SIDE)
    return { error: `At most ${MAX_SLOTS_PER_SIDE} items on a side: ${label} has ${parts.length}.` }
  const ids = await findItems(catalog, game, [...new Set(parts.map((p) => p.item))])
  const slots: string[] = []
  for (const { item, tail } of parts) {
    if (item === '') return { error: `"${tail.slice(0, 60)}" in ${label} names no item.` }
    let id = ids.has(item) ? item : undefined
    if (!id) {
      const named = await findNamedItem(catalog, item, game)
      if (!named.item) return { error: unknownItem(item, game, named.closest) }
      id = named.item.id
    }
    slots.push(`${id}${tail}`)
  }
  return { param: slots.join(',') }
}

function unknownItem(typed: string, game: GameId, closest: ItemSummary[]): string {
  const names = closest.map((c) => c.name).join(', ')
  return `No ${GAME_NAMES[game]} item called "${typed.slice(0, 100)}".${names ? ` Closest: ${names}.` : ''}`
}

/** The band option (an integer choice); the site's default when left out, null when it is not a band. */
function bandOf(i: Command): FairBand | null {
  const value = i.data.options.find((o) => o.name === 'band')?.value
  if (value === undefined) return DEFAULT_FAIR_BAND
  return parseFairBand(String(value))
}

/** The calculator with the trade filled in: its share link, commas and `@` kept readable as the page writes them. */
export function calculatorUrl(publicUrl: string, game: GameId, trade: TradeResponse['trade'], band: number) {
  const params: [string, string][] = [
    ['tab', 'wfl'],
    ['game', game],
    ['give', formatTradeParam(trade.give as TradeSlot[])],
    ['get', formatTradeParam(trade.get as TradeSlot[])],
    ['band', String(band)],
  ]
  const query = params
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replaceAll('%2C', ',').replaceAll('%40', '@')}`)
    .join('&')
  return `${publicUrl}/values-and-wfl?${query}`
}

/** `/wfl game give get [band]`: the verdict, both totals, the difference and a link to the calculator. */
export const wflCommand: Handler = async (deps, i) => {
  const game = option(i, 'game') ?? ''
  if (!isGameId(game)) return { now: ephemeral('That game is not on TradeHub.') }
  const band = bandOf(i)
  if (band === null) return { now: ephemeral('The band is one of 2, 5, 10 or 25 (percent).') }
  const give = await resolveSide(deps.catalog, game, 'give', option(i, 'give') ?? '')
  if ('error' in give) return { now: ephemeral(give.error) }
  const get = await resolveSide(deps.catalog, game, 'get', option(i, 'get') ?? '')
  if ('error' in get) return { now: ephemeral(get.error) }
  // The share link's own reader and rules from here on: a malformed slot, a variant the item does not
  // have or modifiers on an item that takes none is refused as the site refuses it.
  const query = tradeQuerySchema.safeParse({ give: give.param, get: get.param, band: String(band) })
  if (!query.success) return { now: ephemeral(query.error.issues[0]?.message ?? 'That trade is not valid.') }
  let answer: TradeResponse
  try {
    answer = await evaluateSharedTrade(deps.catalog, game, query.data)
  } catch (error) {
    if (error instanceof AppError) return { now: ephemeral(error.message.slice(0, 500)) }
    throw error
  }
  return {
    now: {
      embeds: [{ ...tradeEmbed(answer), ...(await tradePictures(deps, answer, query.data.band)) }],
      components: [
        linkRow('Open in the calculator', calculatorUrl(deps.publicUrl, game, answer.trade, answer.band)),
      ],
      allowed_mentions: { parse: [] },
    },
  }
}

/**
 * The trade's pictures: as `image`, the card its share link shows as a link preview (the calculator's
 * page head links the same address: the items' pictures or tiles, totals and verdict, drawn by
 * TradeHub); as `thumbnail`, the picture of its most valuable item that has one.
 */
async function tradePictures(deps: BotDeps, answer: TradeResponse, band: FairBand) {
  const game = (await listGames(deps.catalog)).find((g) => g.id === answer.gameId)
  const items = new Map(answer.items.map((item) => [item.id, item]))
  const preview = tradePreview(
    game ?? { id: answer.gameId, name: answer.gameId, variantLabels: null },
    answer.trade,
    items,
    answer.result,
    band,
  )
  const path = tradePreviewPath(answer.gameId, answer.trade, band, previewVersion(preview))
  return {
    image: { url: `${deps.publicUrl}${path}` },
    ...thumbnailOf(deps.publicUrl, showcaseOf(answer.items)?.image),
  }
}

const withShort = (value: number) => `${formatValueFull(value)} (${formatValue(value)})`

function tradeEmbed(answer: TradeResponse) {
  const { result, trade } = answer
  const items = new Map(answer.items.map((item) => [item.id, item]))
  const slotName = (slot: TradeResponse['trade']['give'][number]) => {
    const details = [slot.variant, slot.modifiers && describeModifiers(slot.modifiers)].filter(Boolean)
    const name = `${items.get(slot.itemId)?.name ?? slot.itemId}${details.length ? ` (${details.join(', ')})` : ''}`
    return slot.quantity > 1 ? `${name} ×${slot.quantity}` : name
  }
  const side = (slots: TradeResponse['trade']['give'], total: number) =>
    `**${withShort(total)}**\n${slots.map(slotName).join('\n')}`.slice(0, MAX_FIELD_LENGTH)
  const sign = result.difference > 0 ? '+' : ''
  const fields = [
    { name: 'You give', value: side(trade.give, result.give.total), inline: true },
    { name: 'You get', value: side(trade.get, result.get.total), inline: true },
    {
      name: 'Difference',
      value: `${sign}${formatValueFull(result.difference)} (${sign}${formatValue(result.difference)}, ${sign}${result.percent.toFixed(1)}%)`,
      inline: false,
    },
  ]
  const unvalued = [...result.give.unvalued, ...result.get.unvalued]
  if (unvalued.length > 0)
    fields.push({
      name: 'Not counted (no value yet)',
      value: unvalued.map(slotName).join(', ').slice(0, MAX_FIELD_LENGTH),
      inline: false,
    })
  if (result.beliRefused)
    fields.push({
      name: 'Beli limit',
      value: 'Blox Fruits would refuse this trade: the Beli prices differ by more than 40%.',
      inline: false,
    })
  return {
    title: result.verdict ? VERDICT_TITLE[result.verdict] : 'No verdict',
    description: `${GAME_NAMES[answer.gameId]} · ${answer.rule}${result.verdict ? '' : ' A side has no valued item, so there is nothing to compare.'}`,
    color: result.verdict ? VERDICT_COLOUR[result.verdict] : EMBED_COLOUR,
    fields,
  }
}

/**
 * Autocomplete of the last item typed in give or get: the items matching it (in the chosen game, or
 * all), each choice the whole side with that item's id in place of the last part, earlier parts as typed.
 */
export async function wflAutocomplete(deps: BotDeps, i: Command): Promise<{ name: string; value: string }[]> {
  const focused = i.data.options.find((o) => o.focused)
  if (!focused || (focused.name !== 'give' && focused.name !== 'get') || typeof focused.value !== 'string')
    return []
  const typed = focused.value
  const comma = typed.lastIndexOf(',')
  const last = typed.slice(comma + 1)
  // Earlier parts as typed; the chosen item one space after their comma.
  const before = comma < 0 ? '' : `${typed.slice(0, comma + 1)}${/^\s*/.exec(last)?.[0] || ' '}`
  const { item, tail } = splitTypedSlot(last)
  const game = option(i, 'game')
  const items = await matchItems(deps.catalog, item, game && isGameId(game) ? game : undefined)
  const seen = new Set<string>()
  const choices: { name: string; value: string }[] = []
  for (const found of items) {
    const value = `${before}${found.id}${tail}`
    const name = `${before}${found.name}${tail}`
    if (value.length > MAX_CHOICE_LENGTH || name.length > MAX_CHOICE_LENGTH || seen.has(value)) continue
    seen.add(value)
    choices.push({ name, value })
    if (choices.length === MAX_CHOICES) break
  }
  return choices
}
