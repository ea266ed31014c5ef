import { profileTabs } from '@/features/accounts/web/public'
import { itemPageActions, itemRowActions } from '@/features/catalog/web/public'
import { shopItemActions } from '@/features/stock/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { addTo, fill, lazyFills } from '@/platform/web/lib/slots'
import { AlertsTabPanel } from './profile-tab'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('alerts', () => import('./fills'))

/**
 * Alerts in the browser: no page of its own (the notifications are the notification centre's); the
 * watch bell on the catalog's and the stock pages, and the profile's Alerts tab.
 */
export default defineWebFeature({
  name: 'alerts',
  slots: [
    // The heart (favorites) first, then the watch bell.
    fill(itemPageActions, fills('ItemPageWatch'), 20),
    // The watch bell first, then the heart (favorites).
    fill(itemRowActions, fills('ItemRowWatch'), 10),
    fill(shopItemActions, fills('ShopItemWatch')),
    addTo(profileTabs, { id: 'alerts', label: 'Alerts', Panel: AlertsTabPanel }),
  ],
})
