import { profileActions, publicProfileRequests, publicProfileSections } from '@/features/accounts/web/public'
import { adActions, messageActions, myTradeActions, offerReview } from '@/features/trading/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { addTo, fill } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'
import {
  AdReport,
  MessageReport,
  prefetchReviews,
  ReputationSection,
  ReviewLink,
  TradeReview,
  UserReport,
} from './fills'

/**
 * The trust feature in the browser: the moderators' reports queue, and what it shows on lower features'
 * pages (Report buttons, a trader's reputation, a trade's review).
 */
export default defineWebFeature<typeof PAGES>({
  name: 'trust',
  pages: {
    '/admin/reports': { load: async () => (await import('./pages/reports-page')).ReportsPage },
  },
  slots: [
    fill(profileActions, UserReport),
    // Reputation first, then the achievements.
    fill(publicProfileSections, ReputationSection, 10),
    addTo(publicProfileRequests, prefetchReviews),
    fill(adActions, AdReport),
    fill(messageActions, MessageReport),
    fill(offerReview, TradeReview),
    fill(myTradeActions, ReviewLink, 10),
  ],
})
