/** What the shell and other features may use of the catalog (lint refuses any other import of its files). */

export { ItemPicker } from './components/item-picker'
export { prefetchItem, prefetchValues } from './view'
