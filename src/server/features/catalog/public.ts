/** What other features may use of the catalog (lint refuses any other import of its files). */
export { catalogOf, type GameEnv, withGame } from './params'
export {
  addItem,
  CATALOG_CACHE_PREFIX,
  type CatalogDeps,
  changeItemValue,
  findItemNotes,
  findItems,
  itemsWithNotes,
  requireItem,
} from './service'
