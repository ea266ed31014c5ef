import type { ItemSummary, TradeQuery, TradeResponse } from '@/features/catalog/contract'
import {
  describeRule,
  evaluateTrade,
  type FairBand,
  modifiersFit,
  slotItemIds,
  type Trade,
} from '@/features/catalog/wfl'
import { tradeTitle } from '@/features/catalog/wfl-links'
import { AppError } from '@/platform/server/lib/errors'
import type { GameId } from '@/shared/games'
import { type CatalogDeps, findItems } from './service'

/** Evaluates a trade whose items are all known, as the calculator does. */
export function evaluateKnownTrade(
  gameId: GameId,
  trade: Trade,
  items: ReadonlyMap<string, ItemSummary>,
  band: FairBand,
) {
  const result = evaluateTrade(trade, items, { band, game: gameId })
  const names = new Map([...items].map(([id, item]) => [id, item.name]))
  return { result, title: tradeTitle(result, trade, names, gameId) }
}

/**
 * GET /api/games/:game/trade: a shared trade, checked strictly (an id of another game, a variant the item
 * does not have, or modifiers on an item that takes none is a 400 naming it) and evaluated with the same rule as the calculator.
 */
export async function evaluateSharedTrade(
  deps: CatalogDeps,
  gameId: GameId,
  query: TradeQuery,
): Promise<TradeResponse> {
  const trade: Trade = { give: query.give, get: query.get }
  const slots = [...trade.give, ...trade.get]
  const ids = slotItemIds(slots)
  const items = await findItems(deps, gameId, ids)
  const unknown = ids.filter((id) => !items.has(id))
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', `Unknown items in ${gameId}: ${unknown.join(', ')}`, {
      fields: { ids: unknown.join(',') },
    })
  }
  const badVariants = slots.filter((s) => {
    const variants = items.get(s.itemId)?.variants
    return s.variant !== undefined && !(variants && Object.hasOwn(variants, s.variant))
  })
  if (badVariants.length > 0) {
    const named = badVariants.map((s) => `${s.itemId}~${s.variant}`)
    throw new AppError('VALIDATION_FAILED', `Unknown variants: ${named.join(', ')}`, {
      fields: { variants: named.join(',') },
    })
  }
  const badModifiers = slots.filter((s) => {
    const item = items.get(s.itemId)
    if (!item || s.modifiers === undefined) return false
    return !modifiersFit(item, s.modifiers)
  })
  if (badModifiers.length > 0) {
    const named = [...new Set(badModifiers.map((s) => s.itemId))]
    throw new AppError(
      'VALIDATION_FAILED',
      `Mutations, weight and age apply only to Grow a Garden crops and pets (a weight only where the crop's base weight is known; a pet holds one pet mutation and an age): ${named.join(', ')}`,
      { fields: { modifiers: named.join(',') } },
    )
  }
  const { result, title } = evaluateKnownTrade(gameId, trade, items, query.band)
  return {
    gameId,
    band: query.band,
    rule: describeRule(query.band),
    title,
    trade,
    items: [...items.values()],
    result,
  }
}
