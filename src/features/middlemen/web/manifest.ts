import { offerAfterReview } from '@/features/trading/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill, lazyFills } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'
import { prefetchMiddlemen } from './public'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('middlemen', () => import('./fills'))

/** The middlemen feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'middlemen',
  pages: {
    '/middleman': {
      load: () => import('./pages/middleman-page').then((module) => module.MiddlemanPage),
    },
    '/escrow-service': {
      load: () => import('./pages/escrow-service-page').then((module) => module.EscrowServicePage),
      loader: prefetchMiddlemen,
    },
  },
  // Under an offer, after the dispute link.
  slots: [fill(offerAfterReview, fills('OfferMiddlemanSection'), 20)],
})
