import {
  itemPageActions,
  itemPageRequests,
  itemRowActions,
  valuesListRequests,
} from '@/features/catalog/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill, lazyFills } from '@/platform/web/lib/slots'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('favorites', () => import('./fills'))

/** Favorites in the browser: no page of its own; the hearts on the catalog's pages. */
export default defineWebFeature({
  name: 'favorites',
  slots: [
    fill(itemPageRequests, fills('ItemPageHearts')),
    fill(valuesListRequests, fills('ValuesListHearts')),
    // The heart first, then the watch bell (alerts).
    fill(itemPageActions, fills('ItemPageHeart'), 10),
    // The watch bell (alerts) first, then the heart.
    fill(itemRowActions, fills('ItemRowHeart'), 20),
  ],
})
