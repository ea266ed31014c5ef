import { ownValue } from '@/shared/lookup'

/**
 * How catalog words read wherever they are shown (lists, item pages, previews, alerts): one trend
 * vocabulary in one case, categories capitalised like rarities.
 */

/** The trend words: how a value moves. "Fluctuating" says what "Unstable" says. */
const TREND_WORDS: Record<string, string> = {
  Rising: 'Rising',
  Hyped: 'Hyped',
  Stable: 'Stable',
  Unstable: 'Unstable',
  Fluctuating: 'Unstable',
  Dropping: 'Dropping',
}

export const NO_TREND = 'No trend'

/**
 * An item's trend as shown: a trend word, or "No trend" where none is known or where what is stored is
 * a market status ("Overpaid", "Underpaid": what traders pay, not how the value moves); null for an item
 * with no value (it has no trend to show).
 */
export function trendLabel(item: { value: number | null; trend: string | null }): string | null {
  if (item.value === null) return null
  return (item.trend && ownValue(TREND_WORDS, item.trend)) || NO_TREND
}

/** A category as shown, capitalised like rarities: "fruit" reads "Fruit", "gamepass" "Gamepass". */
export function categoryLabel(category: string): string
export function categoryLabel(category: string | null): string | null
export function categoryLabel(category: string | null): string | null {
  if (!category) return category
  return category.charAt(0).toUpperCase() + category.slice(1)
}
