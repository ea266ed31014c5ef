import { GUIDE_BODY_MAX, GUIDE_MESSAGES, GUIDE_TITLE_MAX } from '@/features/guides/contract'
import { type BodyLimit, defineFeature } from '@/platform/server/context'
import { guidePageHead } from './page-head'
import { guideAdminRoutes, guideRoutes } from './routes'
import { GUIDES_CACHE, seedStartingGuides } from './service'

/**
 * A guide's write at its longest in bytes. Its limits count characters (code points), and one character
 * takes up to 4 bytes in UTF-8 and 12 in JSON escapes (`\uD83D\uDE00`, as encoders that escape every
 * non-ASCII character send it), plus the field names, game and status. So a guide at the maximum in
 * any script and any JSON is read, and one over it gets the validation message rather than a 413.
 */
const GUIDE_WRITE_MAX_BYTES = 12 * (GUIDE_TITLE_MAX + GUIDE_BODY_MAX) + 4 * 1024

const guideWrite = (method: BodyLimit['method'], path: string): BodyLimit => ({
  method,
  path,
  maxBytes: GUIDE_WRITE_MAX_BYTES,
  message: GUIDE_MESSAGES.bodyTooLong,
})

/**
 * The guides: Markdown written by guide editors and admins, rendered and sanitized on the server, with
 * revisions; the published ones are public. docs/decisions/035-guides.md
 */
export default defineFeature({
  name: 'guides',
  routes: { '/api/guides': guideRoutes, '/api/admin/guides': guideAdminRoutes },
  bodyLimits: [
    guideWrite('POST', '/api/admin/guides'),
    guideWrite('POST', '/api/admin/guides/preview'),
    guideWrite('PATCH', '/api/admin/guides/:slug'),
  ],
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
