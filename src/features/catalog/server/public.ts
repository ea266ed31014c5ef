/** What other features may use of the catalog (lint refuses any other import of its files). */

/** Tables others may join on (read): published here, typed, so a renamed column fails their type check. */
export { games, items, itemValueChanges } from '../tables'
export {
  applyItemChanges,
  type ChangeMeta,
  changeItemValue,
  createItem,
  type ItemPatch,
  setItemImage,
  setItemRetired,
  writeExistCounts,
} from './changes'
export { catalogOf, type GameEnv, withGame } from './params'
export {
  addItem,
  CATALOG_CACHE_PREFIX,
  type CatalogDeps,
  findItemNotes,
  findItemPageFacts,
  findItems,
  findItemsByName,
  getGameChanges,
  getItemDetail,
  getItemHistory,
  itemsWithNotes,
  listGames,
  listItems,
  requireItem,
  searchAllGames,
} from './service'
export { evaluateSharedTrade } from './trade'
