/** Catalog limits and sorts shared by the API and the values page (free of zod for the browser). */
export const ITEM_SORTS = ['value', 'name', 'demand', 'changed'] as const
export type ItemSort = (typeof ITEM_SORTS)[number]
export const ITEM_SORT_LABELS: Record<ItemSort, string> = {
  value: 'Value',
  name: 'Name',
  demand: 'Demand',
  changed: 'Recently changed',
}
export const MAX_PAGE_SIZE = 100
export const MAX_SEARCH_LENGTH = 100
export const MAX_IDS_PER_REQUEST = 24
/** An item id (the catalog's slugs); anything else names no item. */
export const ITEM_ID_PATTERN = /^[a-z0-9-]{1,120}$/

/** How much of a game has a trade value: none, only part of its items, or (nearly) all of them. */
export type ValueCoverage = 'none' | 'partial' | 'full'

/** Below this share of valued items, a game's values are said to cover only part of it. */
export const FULL_COVERAGE_SHARE = 0.9

/** A game's coverage from its counts (items without a value are left out of verdicts either way). */
export function valueCoverage({
  itemCount,
  valuedCount,
}: {
  itemCount: number
  valuedCount: number
}): ValueCoverage {
  if (valuedCount <= 0) return 'none'
  return valuedCount < itemCount * FULL_COVERAGE_SHARE ? 'partial' : 'full'
}
