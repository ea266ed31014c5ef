import { publicProfileTail } from '@/features/accounts/web/public'
import { myTradesSections } from '@/features/trading/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill, lazyFills } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('trade-lists', () => import('./fills'))

/** Have/want lists in the browser: /trading/matches, my best matches on "my trades", public lists on profiles. */
export default defineWebFeature<typeof PAGES>({
  name: 'trade-lists',
  pages: {
    '/trading/matches': {
      load: () => import('./pages/matches-page').then((module) => module.MatchesPage),
    },
  },
  slots: [
    fill(myTradesSections, fills('MyTradesMatches')),
    // After the trader's open ads (trading).
    fill(publicProfileTail, fills('ProfileTradeLists'), 10),
  ],
})
