import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'
import { prefetchStockPage } from './public'

/** The stock feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'stock',
  pages: {
    '/grow-a-garden-stock': {
      load: async () => (await import('./pages/grow-a-garden-stock-page')).GrowAGardenStockPage,
      loader: prefetchStockPage('grow-a-garden'),
      live: true,
    },
    '/blox-fruits-stock': {
      load: async () => (await import('./pages/blox-fruits-stock-page')).BloxFruitsStockPage,
      loader: prefetchStockPage('blox-fruits'),
      live: true,
    },
    '/stock-management': {
      load: async () => (await import('./pages/stock-management-page')).StockManagementPage,
    },
  },
})
