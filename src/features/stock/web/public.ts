import { lazy } from '@/platform/web/lib/lazy'

/** What other features and the shell may use of stock (lint refuses any other import of its files). */
export { prefetchStockPage } from './queries'
export { shopItemActions } from './slots'

/**
 * The "Stock" section of an item page, loaded when an item page first shows one (a plain re-export
 * would put it in the code of every page, since the shell imports this file).
 */
export const ItemStockSection = lazy(async () => ({
  default: (await import('./components/item-stock')).ItemStockSection,
}))
