/**
 * Small catalogs for the trade calculator's tests: an item with a value (its name from its id), a
 * catalog of items, and a slot of an item.
 */
import type { TradeSlot, WflItem } from './wfl'

/** An item of this value, demand 8, without variants or a price unless given. */
export function item(id: string, value: number | null, extra: Partial<WflItem> = {}): WflItem {
  return {
    id,
    name: id.charAt(0).toUpperCase() + id.slice(1),
    value,
    variants: null,
    demand: 8,
    inGamePrice: null,
    ...extra,
  }
}

/** The items by id, as the calculator looks them up. */
export function catalog(...list: WflItem[]): Map<string, WflItem> {
  return new Map(list.map((i) => [i.id, i]))
}

/** A slot of `quantity` of the item, of the variant when one is given. */
export const one = (itemId: string, quantity = 1, variant?: string): TradeSlot =>
  variant === undefined ? { itemId, quantity } : { itemId, quantity, variant }
