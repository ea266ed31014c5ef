import { createElement, lazy, Suspense } from 'react'

/**
 * What other features and the shell may use of the value tools (lint refuses any other import of its
 * files). Components load with the first page that shows them: a plain re-export would put them in the
 * code of every page that imports this file.
 */

const ItemSuggestions = lazy(async () => ({
  default: (await import('./components/item-suggestions')).ItemSuggestions,
}))

/**
 * The item page's value suggestions (`#suggest`): the item's suggestions with votes, the form to
 * suggest one, and editors' decisions. Loads on its own, behind its own Suspense boundary.
 */
export function ItemSuggestionsSection(props: { game: string; item: string; name: string }) {
  return createElement(Suspense, { fallback: null }, createElement(ItemSuggestions, props))
}
