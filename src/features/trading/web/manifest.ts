import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'
import { prefetchTradeAd, prefetchTradeAds } from './public'

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
})
