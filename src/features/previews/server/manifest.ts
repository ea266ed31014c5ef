import { PREVIEW_ROOT } from '@/features/catalog/link-previews'
import { defineFeature } from '@/platform/server/context'
import { previewRoutes } from './routes'

/**
 * Link-preview images (Open Graph) drawn on the server: an item page's value card and a shared trade's
 * verdict card, linked from those pages' heads (docs/decisions/013-link-preview-images.md).
 */
export default defineFeature({
  name: 'previews',
  routes: { [PREVIEW_ROOT]: previewRoutes },
})
