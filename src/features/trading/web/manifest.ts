import { publicProfileTail } from '@/features/accounts/web/public'
import { itemPageSections } from '@/features/catalog/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill, lazyFills } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'
import { prefetchTradeAd, prefetchTradeAds } from './public'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills(() => import('./fills'))

/** The trading feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'trading',
  pages: {
    '/trading': {
      load: async () => (await import('./pages/trading-page')).TradingPage,
      loader: prefetchTradeAds,
      live: true,
    },
    '/trading/new': {
      load: async () => (await import('./pages/post-ad-page')).PostAdPage,
    },
    '/trading/ad/:id': {
      load: async () => (await import('./pages/ad-page')).AdPage,
      loader: prefetchTradeAd,
      live: true,
    },
    '/trading/mine': {
      load: async () => (await import('./pages/my-trades-page')).MyTradesPage,
    },
    '/trading/:game': {
      load: async () => (await import('./pages/trading-page')).TradingPage,
      loader: prefetchTradeAds,
      live: true,
    },
  },
  slots: [
    // The item page's sections: its stock (stock), then the value suggestions (value-ops), then its trade ads.
    fill(itemPageSections, fills('ItemTradeAds'), 30),
    fill(publicProfileTail, fills('ProfileOpenAds')),
  ],
})
