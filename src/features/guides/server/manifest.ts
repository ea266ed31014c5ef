import { defineFeature } from '@/platform/server/context'
import { guidePageHead } from './page-head'
import { guideAdminRoutes, guideRoutes } from './routes'
import { GUIDES_CACHE, seedStartingGuides } from './service'

/**
 * The guides: Markdown written by guide editors and admins, rendered and sanitized on the server, with
 * revisions; the published ones are public. docs/decisions/035-guides.md
 */
export default defineFeature({
  name: 'guides',
  routes: { '/api/guides': guideRoutes, '/api/admin/guides': guideAdminRoutes },
  pageHeads: { '/guides/:slug': guidePageHead },
  async start({ database, cache, logger }) {
    const written = await seedStartingGuides(database.db)
    if (written > 0) {
      cache.invalidate(GUIDES_CACHE)
      logger.info({ written }, 'starting guides written')
    }
    return undefined
  },
})
