/** What other features and the shell may use of stock (lint refuses any other import of its files). */
export { prefetchStockPage } from './api'
export { ItemStockSection, useItemStockStats } from './components/item-stock'
