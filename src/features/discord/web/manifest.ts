import { alertsTabSections } from '@/features/alerts/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'
import { DiscordDmsSection } from './fills'

/** The discord feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'discord',
  pages: {
    '/discord/connect': {
      load: async () => (await import('./pages/connect-page')).DiscordConnectPage,
    },
  },
  slots: [fill(alertsTabSections, DiscordDmsSection)],
})
