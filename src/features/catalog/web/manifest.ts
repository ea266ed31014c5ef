import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'
import { prefetchGames, prefetchItem, prefetchValues } from './public'

/** The catalog feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'catalog',
  pages: {
    '/values-and-wfl': {
      load: () => import('./pages/values-page').then((module) => module.ValuesPage),
      loader: prefetchValues,
    },
    '/trade-helper/:game': {
      load: () => import('./pages/values-page').then((module) => module.ValuesPage),
      loader: prefetchValues,
    },
    '/values/:game/:item': {
      load: () => import('./pages/item-page').then((module) => module.ItemPage),
      loader: prefetchItem,
    },
    '/how-values-are-set': {
      load: () => import('./pages/how-values-page').then((module) => module.HowValuesPage),
      loader: prefetchGames,
    },
  },
})
