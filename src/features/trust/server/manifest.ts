import { defineFeature } from '@/platform/server/context'
import { figuresRoutes, moderationRoutes, reportRoutes, reviewRoutes, userReviewRoutes } from './routes'

/**
 * Trust between traders: reviews after a trade both confirmed, reports and the moderators'
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
})
