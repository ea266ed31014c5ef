import type { GameId } from '@/shared/games'
/** Catalog limits and sorts shared by the API and the values page (free of zod for the browser). */
import { ownValue } from '@/shared/lookup'
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

/** One trend vocabulary for every game. */
export const TRENDS = [
  'Rising',
  'Stable',
  'Dropping',
  'Unstable',
  'Fluctuating',
  'Overpaid',
  'Underpaid',
  'Hyped',
] as const
export type Trend = (typeof TRENDS)[number]

/** Every spelling the sources use, lowercased, to the one vocabulary; "soon" means no trend yet. */
const TREND_SPELLINGS: Record<string, Trend | null> = {
  rising: 'Rising',
  raising: 'Rising',
  'doing well': 'Rising',
  stable: 'Stable',
  dropping: 'Dropping',
  declining: 'Dropping',
  lowering: 'Dropping',
  unstable: 'Unstable',
  untable: 'Unstable',
  fluctuating: 'Fluctuating',
  overpaid: 'Overpaid',
  'overpaid for': 'Overpaid',
  overpriced: 'Overpaid',
  underpaid: 'Underpaid',
  'underpaid for': 'Underpaid',
  hyped: 'Hyped',
  soon: null,
}

/** A source's trend in the one vocabulary: null for none ("SOON", empty); undefined when unknown. */
export function normalizeTrend(spelling: string | null | undefined): Trend | null | undefined {
  if (spelling === null || spelling === undefined || spelling.trim() === '') return null
  const key = spelling.trim().toLowerCase()
  return ownValue(TREND_SPELLINGS, key)
}

/** The percentage of a value change, rounded to a whole number (null when it cannot be said). */
export function changePercent(oldValue: number | null, newValue: number | null): number | null {
  if (oldValue === null || newValue === null || oldValue <= 0) return null
  return Math.round(((newValue - oldValue) / oldValue) * 100)
}

/** The games whose values the studio's official price API gives (imported every hour). */
export const IMPORT_GAMES = ['pet-simulator-99', 'pets-go'] as const satisfies readonly GameId[]
export type ImportGameId = (typeof IMPORT_GAMES)[number]
export const isImportGame = (game: string): game is ImportGameId =>
  (IMPORT_GAMES as readonly string[]).includes(game)
