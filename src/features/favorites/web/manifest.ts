import {
  itemPageActions,
  itemPageRequests,
  itemRowActions,
  valuesListRequests,
} from '@/features/catalog/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill } from '@/platform/web/lib/slots'
import { ItemPageHeart, ItemPageHearts, ItemRowHeart, ValuesListHearts } from './fills'

/** Favorites in the browser: no page of its own; the hearts on the catalog's pages. */
export default defineWebFeature({
  name: 'favorites',
  slots: [
    fill(itemPageRequests, ItemPageHearts),
    fill(valuesListRequests, ValuesListHearts),
    // The heart first, then the watch bell (alerts).
    fill(itemPageActions, ItemPageHeart, 10),
    // The watch bell (alerts) first, then the heart.
    fill(itemRowActions, ItemRowHeart, 20),
  ],
})
