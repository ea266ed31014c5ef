import { defineFeature } from '@/platform/server/context'
import { MULTIPART_ENVELOPE_BYTES } from '@/platform/server/lib/validate'
import { DISPUTE_LIMITS, DISPUTE_MESSAGES } from '../rules'
import { disputeRoutes, moderationRoutes, openRoutes } from './routes'

/**
 * The dispute center: a trader disputes an accepted or completed trade, both traders add evidence and
 * messages, a moderator decides. docs/decisions/037-disputes.md
 */
export default defineFeature({
  name: 'disputes',
  routes: {
    '/api/trade-offers': openRoutes,
    '/api/disputes': disputeRoutes,
    '/api/admin/disputes': moderationRoutes,
  },
  bodyLimits: [
    {
      method: 'POST',
      path: '/api/disputes/:id/evidence',
      maxBytes: DISPUTE_LIMITS.evidenceMaxBytes + MULTIPART_ENVELOPE_BYTES,
      message: DISPUTE_MESSAGES.evidenceTooLarge,
    },
  ],
})
