import { defineFeature } from '@/server/context'
import { changeLogRoutes } from './change-log-routes'
import { editorRoutes, itemImageRoutes } from './editor-routes'

/**
 * The value team's work: the editor (items, values, bulk updates, images), the public change log,
 * community suggestions and the official price imports.
 */
export const valueOpsFeature = defineFeature({
  name: 'value-ops',
  routes: {
    '/api/admin/items': editorRoutes,
    '/api/changes': changeLogRoutes,
    '/uploads/items': itemImageRoutes,
  },
})
