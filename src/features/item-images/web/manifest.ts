import { howValuesSections } from '@/features/catalog/web/public'
import { valueToolsSections } from '@/features/value-ops/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill, lazyFills } from '@/platform/web/lib/slots'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('item-images', () => import('./fills'))

/**
 * Item pictures in the browser: no page of its own; the imports and the items without a picture on
 * /admin/values, and where pictures come from on the methodology page.
 */
export default defineWebFeature({
  name: 'item-images',
  slots: [
    fill(valueToolsSections, fills('ItemPicturesSection')),
    fill(howValuesSections, fills('PictureSources')),
  ],
})
