import { NO_TREND, trendLabel } from '@/features/catalog/labels'
import {
  itemPreview,
  itemPreviewPath,
  PREVIEW_IMAGE,
  previewVersion,
  tradePreview,
  tradePreviewPath,
} from '@/features/catalog/link-previews'
import {
  DEFAULT_FAIR_BAND,
  dropUnknownVariants,
  isAmountSlot,
  parseFairBand,
  slotItemIds,
} from '@/features/catalog/wfl'
import { parseTradeParam } from '@/features/catalog/wfl-links'
import type { HeadResolver } from '@/platform/server/context'
import { formatValue } from '@/shared/format-value'
import { type GameId, isGameId } from '@/shared/games'
import { catalogOf } from './params'
import { type CatalogDeps, findItemPageFacts, findItems, listGames } from './service'
import { evaluateKnownTrade } from './trade'

/**
 * An item page: its value, demand and trend in the title and description (search engines, Discord), and
 * its preview card (/og/items/…) as the image.
 */
export const itemPageHead: HeadResolver = async (deps, { params }) => {
  const gameId = params.game ?? ''
  if (!isGameId(gameId)) return 'not-found'
  const found = await findItemPageFacts(catalogOf(deps), gameId, params.item ?? '')
  if (!found) return 'not-found'
  const { item, game } = found
  const facts = [
    `value ${formatValue(item.value)}`,
    item.demand === null ? null : `demand ${item.demand}/10`,
    trendLabel(item) && trendLabel(item) !== NO_TREND ? `trend ${trendLabel(item)!.toLowerCase()}` : null,
    item.rarity,
  ].filter(Boolean)
  return {
    title: `${item.name} value — ${game.name}`,
    description: `${item.name} (${game.name}): ${facts.join(', ')}. Value history, similar items and a trade calculator.`,
    image: itemPreviewPath(gameId, item.id, previewVersion(itemPreview(game, item))),
    imageSize: PREVIEW_IMAGE,
  }
}

/** The calculator opened from a share link (`?give=…&get=…`): the verdict in the preview, and its card (/og/trade.png). */
export const sharedTradePageHead: HeadResolver = async (deps, { params }, url) => {
  if (!url.searchParams.has('give') && !url.searchParams.has('get')) return null
  const gameParam = params.game ?? url.searchParams.get('game') ?? 'blox-fruits'
  return isGameId(gameParam) ? sharedTradeHead(catalogOf(deps), gameParam, url.searchParams) : null
}

/** A shared trade's preview, e.g. `Win: 2 items for 1 — Kitsune + Dough for Dragon`. */
async function sharedTradeHead(catalog: CatalogDeps, gameId: GameId, search: URLSearchParams) {
  const trade = {
    give: parseTradeParam(search.get('give')).slots,
    get: parseTradeParam(search.get('get')).slots,
  }
  const ids = slotItemIds([...trade.give, ...trade.get])
  const items = await findItems(catalog, gameId, ids)
  // Slots of unknown items are left out and unknown variants dropped (headline value), as the page does;
  // typed amounts stay.
  const kept = (s: (typeof trade.give)[number]) => isAmountSlot(s) || items.has(s.itemId)
  const known = {
    give: dropUnknownVariants(trade.give.filter(kept), items).slots,
    get: dropUnknownVariants(trade.get.filter(kept), items).slots,
  }
  if (known.give.length + known.get.length === 0) return null
  const band = parseFairBand(search.get('band')) ?? DEFAULT_FAIR_BAND
  const { result, title } = evaluateKnownTrade(gameId, known, items, band)
  const game = (await listGames(catalog)).find((g) => g.id === gameId)
  const totals = `You give ${formatValue(result.give.total)} and get ${formatValue(result.get.total)}`
  // The picture of the same trade (cleaned as above), its address changing with what it shows.
  const preview = tradePreview(
    game ?? { id: gameId, name: gameId, variantLabels: null },
    known,
    items,
    result,
    band,
  )
  return {
    title,
    description: `${totals} in ${game?.name ?? gameId} values (fair band ±${band}%). Checked with the TradeHub WFL calculator.`,
    image: tradePreviewPath(gameId, known, band, previewVersion(preview)),
    imageSize: PREVIEW_IMAGE,
  }
}
