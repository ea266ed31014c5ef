import { defineFeature } from '@/server/context'
import { itemSuggestionRoutes, suggestionRoutes } from './suggestion-routes'

/** The value team's tools: community value suggestions, votes and editors' decisions. */
export const valueOpsFeature = defineFeature({
  name: 'value-ops',
  routes: {
    '/api/suggestions': suggestionRoutes,
    // Beside the catalog's /api/games routes: only .../items/:item/suggestions, which the catalog lacks.
    '/api/games': itemSuggestionRoutes,
  },
})
