import { publicProfileTail } from '@/features/accounts/web/public'
import { itemPageSections } from '@/features/catalog/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill, lazyFills } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'
import { prefetchTradeAd, prefetchTradeAds } from './public'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('trading', () => import('./fills'))

/** The trading feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'trading',
  pages: {
    '/trading': {
      load: () => import('./pages/trading-page').then((module) => module.TradingPage),
      loader: prefetchTradeAds,
      live: true,
    },
    '/trading/new': {
      load: () => import('./pages/post-ad-page').then((module) => module.PostAdPage),
    },
    '/trading/ad/:id': {
      load: () => import('./pages/ad-page').then((module) => module.AdPage),
      loader: prefetchTradeAd,
      live: true,
    },
    '/trading/mine': {
      load: () => import('./pages/my-trades-page').then((module) => module.MyTradesPage),
    },
    '/trading/:game': {
      load: () => import('./pages/trading-page').then((module) => module.TradingPage),
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
