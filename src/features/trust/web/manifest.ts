import { profileActions, publicProfileRequests, publicProfileSections } from '@/features/accounts/web/public'
import { adActions, messageActions, myTradeActions, offerReview } from '@/features/trading/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { addTo, fill, lazyFills } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('trust', () => import('./fills'))

/**
 * The trust feature in the browser: the moderators' reports queue, and what it shows on lower features'
 * pages (Report buttons, a trader's reputation, a trade's review).
 */
export default defineWebFeature<typeof PAGES>({
  name: 'trust',
  pages: {
    '/admin/reports': { load: () => import('./pages/reports-page').then((module) => module.ReportsPage) },
  },
  slots: [
    fill(profileActions, fills('UserReport')),
    // Reputation first, then the achievements.
    fill(publicProfileSections, fills('ReputationSection'), 10),
    // The public profile's loader asks for the page of reviews it shows (`?reviews=`) beside the profile.
    addTo(publicProfileRequests, async (args) =>
      (await import('./components/reputation')).prefetchReviews(args),
    ),
    fill(adActions, fills('AdReport')),
    fill(messageActions, fills('MessageReport')),
    fill(offerReview, fills('TradeReview')),
    fill(myTradeActions, fills('ReviewLink'), 10),
  ],
})
