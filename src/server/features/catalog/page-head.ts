import type { HeadResolver } from '@/server/features/web/routes'
import { formatValue } from '@/shared/format-value'
import { type GameId, isGameId } from '@/shared/games'
import { DEFAULT_FAIR_BAND, FAIR_BANDS, type FairBand, parseTradeParam } from '@/shared/wfl'
import { type CatalogDeps, findItems, itemPageHead, listGames } from './service'
import { evaluateKnownTrade } from './trade'

/** The server-rendered title and description of catalog pages (search engines, Discord previews). */
export const catalogPageHead: HeadResolver = async (deps, { page, params }, url) => {
  const catalog = { db: deps.database.db, cache: deps.cache }
  if (page.path === '/values/:gameId/:itemId') {
    const gameId = params.gameId ?? ''
    if (!isGameId(gameId)) return 'not-found'
    const found = await itemPageHead(catalog, gameId, params.itemId ?? '')
    if (!found) return 'not-found'
    const { item, game } = found
    const facts = [
      `value ${formatValue(item.value)}`,
      item.demand === null ? null : `demand ${item.demand}/10`,
      item.trend ? `trend ${item.trend.toLowerCase()}` : null,
      item.rarity,
    ].filter(Boolean)
    return {
      title: `${item.name} value — ${game.name}`,
      description: `${item.name} (${game.name}): ${facts.join(', ')}. Value history, similar items and a trade calculator.`,
    }
  }
  if (
    (page.path === '/values-and-wfl' || page.path === '/trade-helper/:game') &&
    (url.searchParams.has('give') || url.searchParams.has('get'))
  ) {
    const gameParam = params.game ?? url.searchParams.get('game') ?? 'blox-fruits'
    return isGameId(gameParam) ? sharedTradeHead(catalog, gameParam, url.searchParams) : null
  }
  return null
}

/** A shared trade's preview, e.g. `Win: 2 items for 1 — Kitsune + Dough for Dragon`. */
async function sharedTradeHead(catalog: CatalogDeps, gameId: GameId, search: URLSearchParams) {
  const trade = {
    give: parseTradeParam(search.get('give')).slots,
    get: parseTradeParam(search.get('get')).slots,
  }
  const ids = [...new Set([...trade.give, ...trade.get].map((s) => s.itemId))]
  const items = await findItems(catalog, gameId, ids)
  // Slots of unknown items are left out, as the page does.
  const known = {
    give: trade.give.filter((s) => items.has(s.itemId)),
    get: trade.get.filter((s) => items.has(s.itemId)),
  }
  if (known.give.length + known.get.length === 0) return null
  const bandParam = Number(search.get('band'))
  const band = (FAIR_BANDS as readonly number[]).includes(bandParam)
    ? (bandParam as FairBand)
    : DEFAULT_FAIR_BAND
  const { result, title } = evaluateKnownTrade(gameId, known, items, band)
  const game = (await listGames(catalog)).find((g) => g.id === gameId)
  const totals = `You give ${formatValue(result.give.total)} and get ${formatValue(result.get.total)}`
  return {
    title,
    description: `${totals} in ${game?.name ?? gameId} values (fair band ±${band}%). Checked with the TradeHub WFL calculator.`,
  }
}
