import { defineFeature } from '@/server/context'
import { disputeRoutes, moderationRoutes, openRoutes } from './routes'

/**
 * The dispute center: a trader disputes an accepted or completed trade, both traders add evidence and
 * messages, a moderator decides. docs/decisions/037-disputes.md
 */
export const disputesFeature = defineFeature({
  name: 'disputes',
  routes: {
    '/api/trade-offers': openRoutes,
    '/api/disputes': disputeRoutes,
    '/api/admin/disputes': moderationRoutes,
  },
})
