import { overviewNotices } from '@/features/admin/server/public'
import { defineFeature } from '@/platform/server/context'
import { implement } from '@/platform/server/hooks'
import { MULTIPART_ENVELOPE_BYTES } from '@/platform/server/lib/validate'
import { importNotice, VALUE_LIMITS } from '../rules'
import { changeLogRoutes } from './change-log-routes'
import { editorRoutes, itemImageRoutes } from './editor-routes'
import { importRoutes } from './import-routes'
import { startImportSchedule } from './import-worker'
import { importsNeedingAttention } from './imports'
import { itemSuggestionRoutes, suggestionRoutes } from './suggestion-routes'

/**
 * The value team's work: the editor (items, values, bulk updates, images), the public change log,
 * community suggestions, and the hourly official price import of Pet Simulator 99 and PETS GO! with the
 * admin area's Imports section.
 */
export default defineFeature({
  name: 'value-ops',
  routes: {
    '/api/admin/items': editorRoutes,
    '/api/admin/imports': importRoutes,
    '/api/changes': changeLogRoutes,
    '/api/suggestions': suggestionRoutes,
    // Beside the catalog's /api/games routes: only .../items/:item/suggestions, which the catalog lacks.
    '/api/games': itemSuggestionRoutes,
    '/uploads/items': itemImageRoutes,
  },
  bodyLimits: [
    {
      method: 'POST',
      path: '/api/admin/items/:game/bulk',
      maxBytes: 2 * VALUE_LIMITS.bulkCsvMax + 4096,
      message: 'The CSV file is larger than 512 KB',
    },
    {
      method: 'POST',
      path: '/api/admin/items/:game/:item/image',
      maxBytes: VALUE_LIMITS.imageMaxBytes + MULTIPART_ENVELOPE_BYTES,
      message: 'The image must be 2 MB or smaller',
    },
  ],
  // The admin dashboard's notices: each import whose last run failed (prices, and pictures from item-images).
  hooks: [
    implement(overviewNotices, async (deps, viewer) =>
      (await importsNeedingAttention(deps, viewer)).map(importNotice),
    ),
  ],
  async startWorkers(services) {
    const imports = await startImportSchedule(services)
    return {
      async stop() {
        await imports?.stop()
      },
    }
  },
})
