import type { StockReport, StockResponse, StockShop } from '@/features/stock/contract'
import { hasWeather, STOCK_RARITIES, WEATHER, windowAt } from '@/features/stock/rules'
import { stockLiveOf } from '@/features/stock/server/public'
import { isStockGame, STOCK_GAME_NAMES, type StockGameId } from '@/shared/games'
import { EMBED_COLOUR, ephemeral, type Handler, linkRow, option } from './bot'
import { showcaseOf, thumbnailOf } from './pictures'

/** Discord's bound on all the embeds of one message together, and on their number. */
const MAX_EMBED_CHARACTERS = 5500
const MAX_EMBEDS = 10

const unix = (at: number) => Math.floor(at / 1000)

/** `/stock game`: each shop's current stock with quantities and its next restock, the weather, a link. */
export const stockCommand: Handler = async (deps, i) => {
  const game = option(i, 'game') ?? ''
  if (!isStockGame(game))
    return { now: ephemeral('TradeHub tracks the stock of Grow a Garden and Blox Fruits.') }
  const { data } = await stockLiveOf(deps.app).current(game)
  const url = `${deps.publicUrl}/stock/${game}`
  return {
    now: {
      embeds: stockEmbeds(deps.publicUrl, game, data, Date.now()),
      components: [linkRow('Stock on TradeHub', url)],
      allowed_mentions: { parse: [] },
    },
  }
}

/**
 * One embed per shop (the weather first where the game has weather), within Discord's bounds; a shop
 * listing its stock shows the picture of its rarest item that has one.
 */
export function stockEmbeds(publicUrl: string, game: StockGameId, data: StockResponse, now: number) {
  const url = `${publicUrl}/stock/${game}`
  const weather = hasWeather(game) ? [weatherEmbed(game, data.weather, url, now)] : []
  const shops = data.shops.slice(0, MAX_EMBEDS - weather.length)
  const perShop = Math.floor((MAX_EMBED_CHARACTERS - 300 * weather.length) / Math.max(shops.length, 1)) - 100
  return [
    ...weather,
    ...shops.map((shop) => {
      const { text, listed } = shopText(shop, data.items, now, perShop)
      const showcase = showcaseOf(
        listed.map(({ item }) => data.items[item]),
        STOCK_RARITIES[game],
      )
      return {
        title: `${STOCK_GAME_NAMES[game]} · ${shop.name}`.slice(0, 100),
        url,
        description: text,
        color: EMBED_COLOUR,
        ...thumbnailOf(publicUrl, showcase?.image),
      }
    }),
  ]
}

function weatherEmbed(game: StockGameId, reports: StockReport[], url: string, now: number) {
  const active = reports.filter((w) => w.weather && Date.parse(w.windowEnd) > now)
  const lines = active.map(
    (w) => `**${WEATHER[w.weather ?? ''] ?? w.weather}** · ends <t:${unix(Date.parse(w.windowEnd))}:R>`,
  )
  return {
    title: `${STOCK_GAME_NAMES[game]} · Weather`,
    url,
    description: (lines.length > 0 ? lines.join('\n') : 'No weather reported now.').slice(0, 250),
    color: EMBED_COLOUR,
  }
}

/**
 * A shop's stock now: its items with quantities (when the report is of the current window) and its next
 * restock; `listed`: the items it lists (none when it has no report of the stock now).
 */
function shopText(
  shop: StockShop,
  items: StockResponse['items'],
  now: number,
  max: number,
): { text: string; listed: StockReport['items'] } {
  const report = shop.report
  const list = (r: StockReport) =>
    r.items.length === 0
      ? 'Nothing in stock.'
      : r.items
          .map(({ item, quantity }) => {
            const known = items[item]
            const counted = quantity === null ? '' : ` ×${quantity}` // none at the Blox Fruits dealers
            return `**${known?.name ?? item}**${counted}${known?.rarity ? ` · ${known.rarity}` : ''}`
          })
          .join('\n')
  let head: string
  let foot: string
  let listed: StockReport['items'] = []
  if (shop.kind === 'visit') {
    const leavesAt = report ? Date.parse(report.windowEnd) : 0
    if (!report) return { text: 'No report yet.', listed }
    if (now >= leavesAt) return { text: `Not here now (left <t:${unix(leavesAt)}:R>).`, listed }
    head = list(report)
    listed = report.items
    foot = `Leaves <t:${unix(leavesAt)}:R>`
  } else {
    const window = windowAt(shop, now)
    foot = `Next restock <t:${unix(window.end)}:R>`
    if (!report) head = 'No report yet.'
    else if (Date.parse(report.windowStart) >= window.start) {
      head = list(report)
      listed = report.items
    } else head = `Restocked <t:${unix(window.start)}:R>; no report of the new stock yet.`
  }
  const room = Math.max(max - foot.length - 2, 50)
  const body =
    head.length > room ? `${head.slice(0, head.lastIndexOf('\n', room - 2) + 1 || room - 2)}…` : head
  return { text: `${body}\n\n${foot}`, listed }
}
