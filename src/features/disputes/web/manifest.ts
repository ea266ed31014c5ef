import { myTradeActions, offerAfterReview } from '@/features/trading/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'
import { MyTradeDisputeLink, OfferDisputeLink } from './fills'

/** The disputes feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'disputes',
  pages: {
    '/admin/disputes': {
      load: async () => (await import('./pages/admin-disputes-page')).AdminDisputesPage,
    },
    '/dispute-center': {
      load: async () => (await import('./pages/dispute-center-page')).DisputeCenterPage,
    },
    '/dispute-center/new': {
      load: async () => (await import('./pages/new-dispute-page')).NewDisputePage,
    },
    '/dispute-center/:id': {
      load: async () => (await import('./pages/dispute-page')).DisputePage,
    },
  },
  // After the review (trust) under an offer; after Review among my trades' links.
  slots: [fill(offerAfterReview, OfferDisputeLink, 10), fill(myTradeActions, MyTradeDisputeLink, 20)],
})
