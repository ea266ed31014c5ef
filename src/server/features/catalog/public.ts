/** What other features may use of the catalog (lint refuses any other import of its files). */
export { catalogOf, type GameEnv, withGame } from './params'
export { addItem, type CatalogDeps, findItemNotes, findItems, requireItem } from './service'
