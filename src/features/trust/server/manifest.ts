import { offerReviewers, traderExtras } from '@/features/trading/server/public'
import { defineFeature } from '@/platform/server/context'
import { implement } from '@/platform/server/hooks'
import { ratingsOf } from './ratings'
import { reviewersOf } from './reviews'
import { figuresRoutes, moderationRoutes, reportRoutes, reviewRoutes, userReviewRoutes } from './routes'

/**
 * Trust between traders: reviews after an accepted trade, reports and the moderators'
 * queue, and the trust page's figures. docs/decisions/033-trust-server.md
 */
export default defineFeature({
  name: 'trust',
  routes: {
    '/api/trade-offers': reviewRoutes,
    '/api/users': userReviewRoutes,
    '/api/reports': reportRoutes,
    '/api/admin/reports': moderationRoutes,
    '/api/trust': figuresRoutes,
  },
  hooks: [
    // Ads and offers show each trader's rating, and whether each trader reviewed the trade.
    implement(traderExtras, async (db, ids) => {
      const ratings = await ratingsOf(db, ids)
      return new Map([...ratings].map(([id, r]) => [id, { reviews: { average: r.average, count: r.count } }]))
    }),
    implement(offerReviewers, reviewersOf),
  ],
})
