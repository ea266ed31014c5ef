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

type Variants = Record<string, number | null>

/**
 * The variant whose value is an item's value, per game with variants (decision 024): Kitsune's value is
 * its Physical fruit value. It is one number, stored once as the item's value and never in its variants;
 * pages and the calculator read it under both names.
 */
export const DEFAULT_VARIANTS: Readonly<Record<string, string>> = {
  'blox-fruits': 'physical',
  'adopt-me': 'fly-ride',
  'pet-simulator-99': 'normal',
  'pets-go': 'normal',
}

export const defaultVariantOf = (gameId: string): string | undefined =>
  Object.hasOwn(DEFAULT_VARIANTS, gameId) ? DEFAULT_VARIANTS[gameId] : undefined

/** Variants as they are stored: without the default variant (its value is the item's value). */
export function storedVariants<V extends Variants | null | undefined>(gameId: string, variants: V): V {
  const key = defaultVariantOf(gameId)
  if (!variants || key === undefined || !Object.hasOwn(variants, key)) return variants
  const { [key]: _default, ...others } = variants
  return others as V
}

/** An item's variants as pages read them: the default variant first, with the item's value. */
export function variantsWithDefault(gameId: string, value: number | null, variants: Variants | null) {
  const key = defaultVariantOf(gameId)
  if (!variants || key === undefined) return variants
  return { [key]: value, ...storedVariants(gameId, variants) }
}
