/** Catalog limits and sorts shared by the API and the values page (free of zod for the browser). */
export const ITEM_SORTS = ['value', 'name', 'demand', 'changed'] as const
export type ItemSort = (typeof ITEM_SORTS)[number]
export const ITEM_SORT_LABELS: Record<ItemSort, string> = {
  value: 'Value',
  name: 'Name',
  demand: 'Demand',
  changed: 'Recently changed',
}
export const MAX_PAGE_SIZE = 100
export const MAX_SEARCH_LENGTH = 100
export const MAX_IDS_PER_REQUEST = 24
/** An item id (the catalog's slugs); anything else names no item. */
export const ITEM_ID_PATTERN = /^[a-z0-9-]{1,120}$/
