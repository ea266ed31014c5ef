import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'
import { prefetchGames, prefetchItem, prefetchValues } from './public'

/** The catalog feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'catalog',
  pages: {
    '/values-and-wfl': {
      load: async () => (await import('./pages/values-page')).ValuesPage,
      loader: prefetchValues,
    },
    '/trade-helper/:game': {
      load: async () => (await import('./pages/values-page')).ValuesPage,
      loader: prefetchValues,
    },
    '/values/:game/:item': {
      load: async () => (await import('./pages/item-page')).ItemPage,
      loader: prefetchItem,
    },
    '/how-values-are-set': {
      load: async () => (await import('./pages/how-values-page')).HowValuesPage,
      loader: prefetchGames,
    },
  },
})
