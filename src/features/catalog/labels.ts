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

/** Where a value came from (change records, the change log's filter, a game's value sources). */
export const VALUE_SOURCES = ['editor', 'official-rap', 'suggestion', 'catalog'] as const
export type ValueSource = (typeof VALUE_SOURCES)[number]
export const VALUE_SOURCE_LABELS: Record<ValueSource, string> = {
  editor: 'Value team',
  'official-rap': 'Official price import',
  suggestion: 'Community suggestion',
  catalog: 'Starter catalog',
}

/** A source in a sentence ("Value from the official price import"). */
const VALUE_SOURCE_PHRASES: Record<ValueSource, string> = {
  editor: 'the value team',
  'official-rap': 'the official price import',
  suggestion: 'a community suggestion',
  catalog: 'the starting values',
}

/** A source as a sentence says it; a source this list does not know is shown as stored. */
export const valueSourcePhrase = (source: string): string => ownValue(VALUE_SOURCE_PHRASES, source) ?? source
