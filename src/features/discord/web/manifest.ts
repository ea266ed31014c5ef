import { alertsTabSections } from '@/features/alerts/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill, lazyFills } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('discord', () => import('./fills'))

/** The discord feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'discord',
  pages: {
    '/discord/connect': {
      load: () => import('./pages/connect-page').then((module) => module.DiscordConnectPage),
    },
  },
  slots: [fill(alertsTabSections, fills('DiscordDmsSection'))],
})
