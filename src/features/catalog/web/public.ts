import type { LoaderFunctionArgs } from 'react-router'
import { lazy } from '@/platform/web/lib/lazy'

/** What the shell and other features may use of the catalog (lint refuses any other import of its files). */

/**
 * Route loaders: they start the page's one request while its code loads. Their code (the catalog's
 * queries) is part of the page's, and loads beside it: the shell imports this file, so a plain
 * re-export would put it in the code of every page.
 */
export const prefetchValues = async (args: LoaderFunctionArgs) =>
  (await import('./view')).prefetchValues(args)
export const prefetchGames = async (args: LoaderFunctionArgs) => (await import('./view')).prefetchGames(args)
export const prefetchItem = async (args: LoaderFunctionArgs) => (await import('./view')).prefetchItem(args)

/**
 * The item type-ahead, loaded with the first page that shows it (a plain re-export would put it in the
 * code of every page, since the shell imports this file). Render it inside a Suspense boundary.
 */
export const ItemPicker = lazy(async () => ({
  default: (await import('./components/item-picker')).ItemPicker,
}))

/**
 * Both sides of a trade being built with the picker, their totals and the verdict (a trade ad, a
 * counter-offer): its code loads with the first page that shows it. Render it inside a Suspense boundary.
 */
export const SidesEditor = lazy(async () => ({
  default: (await import('./components/sides-editor')).SidesEditor,
}))

/** An item's picture, or a tile of its initials on its rarity's colour (small: shipped with the shell). */
export { ItemImage } from './components/item-image'
export type { SideErrors, SidesEditorProps } from './components/sides-editor'
export {
  howValuesSections,
  itemPageActions,
  itemPageEditor,
  itemPageRequests,
  itemPageSections,
  itemRowActions,
  valuesListRequests,
  valuesPageSections,
} from './slots'
