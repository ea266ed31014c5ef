import { lazy } from 'react'

/** What the shell and other features may use of the catalog (lint refuses any other import of its files). */
export { prefetchItem, prefetchValues } from './view'

/**
 * The item type-ahead, loaded with the first page that shows it (a plain re-export would put it in the
 * code of every page, since the shell imports this file). Render it inside a Suspense boundary.
 */
export const ItemPicker = lazy(async () => ({
  default: (await import('./components/item-picker')).ItemPicker,
}))
