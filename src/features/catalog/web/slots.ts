/**
 * The slots of the catalog's pages: what higher features show on them (platform/web/lib/slots.tsx).
 * Declared here, published by the public entry, filled in the higher features' web manifests.
 */
import type { Game, Item, ItemSummary } from '@/features/catalog/contract'
import { defineSlot } from '@/platform/web/lib/slots'

/**
 * Renders nothing: asks for what the item page's other parts show (hearts, stock), at once, beside the
 * item itself (not after it).
 */
export const itemPageRequests = defineSlot<{ game: string; item: string }>('catalog.item-page.requests')

/** The item page's buttons beside the item's name, before "Check a trade with it" (heart, watch). */
export const itemPageActions = defineSlot<{ game: Game; item: Item }>('catalog.item-page.actions')

/** Under the item's facts (the value team's editor). */
export const itemPageEditor = defineSlot<{ game: Game; item: Item }>('catalog.item-page.editor')

/**
 * The item page's sections after its value history, in the browser only, once a trader scrolls near
 * them (stock, value suggestions, trade ads).
 */
export const itemPageSections = defineSlot<{
  game: string
  item: string
  name: string
  category: string | null
}>('catalog.item-page.sections')

/** Renders nothing: asks for what the rows of one game's values list show (hearts), in one request. */
export const valuesListRequests = defineSlot<{ game: string; ids: readonly string[] }>(
  'catalog.values-list.requests',
)

/**
 * At the end of a values list's row, outside its link (watch bell, heart), stacked on phones. `game`:
 * the list's game (null: the search across every game); `ids`: the items of the screen.
 */
export const itemRowActions = defineSlot<{ item: ItemSummary; game: string | null; ids: readonly string[] }>(
  'catalog.values-list.row-actions',
)

/** Under a game's values list on the values page (its latest value changes). */
export const valuesPageSections = defineSlot<{ game: Game }>('catalog.values-page.sections')

/** At the end of the methodology page (/how-values-are-set): where item pictures come from. */
export const howValuesSections = defineSlot<Record<never, never>>('catalog.how-values.sections')
