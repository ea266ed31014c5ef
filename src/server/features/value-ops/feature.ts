import { defineFeature } from '@/server/context'
import { changeLogRoutes } from './change-log-routes'
import { editorRoutes, itemImageRoutes } from './editor-routes'
import { importRoutes } from './import-routes'
import { startImportSchedule } from './import-worker'
import { itemSuggestionRoutes, suggestionRoutes } from './suggestion-routes'

/**
 * The value team's work: the editor (items, values, bulk updates, images), the public change log,
 * community suggestions, and the hourly official price import of Pet Simulator 99 and PETS GO! with the
 * admin area's Imports section.
 */
export const valueOpsFeature = defineFeature({
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
  async start(services) {
    const imports = await startImportSchedule(services)
    return {
      async stop() {
        await imports?.stop()
      },
    }
  },
})
