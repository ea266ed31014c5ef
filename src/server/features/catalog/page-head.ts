import type { HeadResolver } from '@/server/features/web/routes'
import { isGameId } from '@/shared/games'
import { itemPageHead } from './service'

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 })
const formatValue = (v: number | null) =>
  v === null ? 'no value yet' : v >= 1e15 ? v.toExponential(2) : compact.format(v)

/** The server-rendered title and description of catalog pages (search engines, Discord previews). */
export const catalogPageHead: HeadResolver = async (deps, { page, params }) => {
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
  return null
}
