import { myTradeActions, offerAfterReview } from '@/features/trading/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill, lazyFills } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('disputes', () => import('./fills'))

/** The disputes feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'disputes',
  pages: {
    '/admin/disputes': {
      load: () => import('./pages/admin-disputes-page').then((module) => module.AdminDisputesPage),
    },
    '/dispute-center': {
      load: () => import('./pages/dispute-center-page').then((module) => module.DisputeCenterPage),
    },
    '/dispute-center/new': {
      load: () => import('./pages/new-dispute-page').then((module) => module.NewDisputePage),
    },
    '/dispute-center/:id': {
      load: () => import('./pages/dispute-page').then((module) => module.DisputePage),
    },
  },
  // After the review (trust) under an offer; after Review among my trades' links.
  slots: [
    fill(offerAfterReview, fills('OfferDisputeLink'), 10),
    fill(myTradeActions, fills('MyTradeDisputeLink'), 20),
  ],
})
