import { itemPageSections } from '@/features/catalog/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill, lazyFills } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'
import { prefetchStockPage } from './public'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('stock', () => import('./fills'))

/** The stock feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'stock',
  pages: {
    '/grow-a-garden-stock': {
      load: () => import('./pages/grow-a-garden-stock-page').then((module) => module.GrowAGardenStockPage),
      loader: prefetchStockPage('grow-a-garden'),
      live: true,
    },
    '/blox-fruits-stock': {
      load: () => import('./pages/blox-fruits-stock-page').then((module) => module.BloxFruitsStockPage),
      loader: prefetchStockPage('blox-fruits'),
      live: true,
    },
    '/stock-management': {
      load: () => import('./pages/stock-management-page').then((module) => module.StockManagementPage),
    },
  },
  slots: [
    // The item page's sections: its stock, then the value suggestions (value-ops), then its trade ads (trading).
    fill(itemPageSections, fills('ItemStock'), 10),
  ],
})
