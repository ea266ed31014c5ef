import { defineFeature } from '@/server/context'
import { changeLogRoutes } from './change-log-routes'
import { editorRoutes, itemImageRoutes } from './editor-routes'
import { itemSuggestionRoutes, suggestionRoutes } from './suggestion-routes'

/**
 * The value team's work: the editor (items, values, bulk updates, images), the public change log,
 * community suggestions and the official price imports.
 */
export const valueOpsFeature = defineFeature({
  name: 'value-ops',
  routes: {
    '/api/admin/items': editorRoutes,
    '/api/changes': changeLogRoutes,
    '/api/suggestions': suggestionRoutes,
    // Beside the catalog's /api/games routes: only .../items/:item/suggestions, which the catalog lacks.
    '/api/games': itemSuggestionRoutes,
    '/uploads/items': itemImageRoutes,
  },
})
