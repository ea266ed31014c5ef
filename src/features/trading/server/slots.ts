import type { ItemSummary } from '@/features/catalog/contract'
import { findItems } from '@/features/catalog/server/public'
import {
  DEFAULT_FAIR_BAND,
  evaluateTrade,
  unitValue,
  type TradeSlot as WflSlot,
} from '@/features/catalog/wfl'
import {
  TRADING_MESSAGES,
  type TradeSlot,
  type TradeSlotRequest,
  type TradeWfl,
} from '@/features/trading/contract'
import { AppError } from '@/platform/server/lib/errors'
import { GAME_NAMES, type GameId } from '@/shared/games'
import { catalogDepsOf, type TradingDeps } from './deps'

/** A slot as stored: an item of the ad's game, its variant (null: the item's own value), a quantity. */
export interface StoredSlot {
  itemId: string
  variant: string | null
  quantity: number
}

export interface Sides {
  offering: StoredSlot[]
  requesting: StoredSlot[]
}

export const toStored = (slots: readonly TradeSlotRequest[]): StoredSlot[] =>
  slots.map((s) => ({ itemId: s.item, variant: s.variant ?? null, quantity: s.quantity ?? 1 }))

/**
 * The catalog check of every side of every ad and offer: 400 naming the field unless each slot is an
 * item of `gameId`, in a variant it has, and not retired (a retired item is no longer traded).
 */
export async function checkSides(
  t: Pick<TradingDeps, 'db' | 'cache'>,
  gameId: GameId,
  sides: Sides,
): Promise<void> {
  const items = await itemsOf(t, gameId, [sides])
  for (const side of ['offering', 'requesting'] as const) {
    for (const [index, slot] of sides[side].entries()) {
      const item = items.get(slot.itemId)
      const field = `${side}.${index}`
      if (!item) throw refused(`${field}.item`, `"${slot.itemId}" is not an item of ${GAME_NAMES[gameId]}`)
      if (slot.variant !== null && !(item.variants && Object.hasOwn(item.variants, slot.variant)))
        throw refused(`${field}.variant`, `${item.name} has no variant "${slot.variant}"`)
      if (item.retired) throw refused(`${field}.item`, TRADING_MESSAGES.retired(item.name))
    }
  }
}

const refused = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fields: { [field]: message } })

/** The catalog's facts of every item on these sides. */
export async function itemsOf(
  t: Pick<TradingDeps, 'db' | 'cache'>,
  gameId: GameId,
  all: readonly Sides[],
): Promise<Map<string, ItemSummary>> {
  const ids = new Set(all.flatMap((s) => [...s.offering, ...s.requesting].map((slot) => slot.itemId)))
  return findItems(catalogDepsOf(t), gameId, [...ids])
}

const wflSlots = (slots: readonly StoredSlot[]): WflSlot[] =>
  slots.map((s) => ({
    itemId: s.itemId,
    quantity: s.quantity,
    ...(s.variant !== null && { variant: s.variant }),
  }))

/** The author's verdict (they give `offering`, get `requesting`), by the calculator's own rule. */
export function wflOf(gameId: GameId, sides: Sides, items: ReadonlyMap<string, ItemSummary>): TradeWfl {
  const result = evaluateTrade({ give: wflSlots(sides.offering), get: wflSlots(sides.requesting) }, items, {
    band: DEFAULT_FAIR_BAND,
    game: gameId,
  })
  return {
    offering: result.give.total,
    requesting: result.get.total,
    difference: result.difference,
    percent: result.percent,
    verdict: result.verdict,
    band: DEFAULT_FAIR_BAND,
  }
}

export function presentSlots(
  slots: readonly StoredSlot[],
  items: ReadonlyMap<string, ItemSummary>,
): TradeSlot[] {
  return slots.map((s) => {
    const item = items.get(s.itemId)
    return {
      item: s.itemId,
      variant: s.variant,
      quantity: s.quantity,
      name: item?.name ?? s.itemId,
      image: item?.image ?? null,
      value: item ? unitValue(item, { variant: s.variant ?? undefined }) : null,
      retired: item?.retired ?? false,
    }
  })
}

const slotKey = (s: StoredSlot) => `${s.itemId}~${s.variant ?? ''}*${s.quantity}`

/** Both sides and the tags in one order: two ads with the same signature are the same ad. */
export function signatureOf(sides: Sides, tags: readonly string[]): string {
  return JSON.stringify([
    sides.offering.map(slotKey).sort(),
    sides.requesting.map(slotKey).sort(),
    [...tags].sort(),
  ])
}
