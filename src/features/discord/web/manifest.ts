import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The discord feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'discord',
  pages: {
    '/discord/connect': {
      load: async () => (await import('./pages/connect-page')).DiscordConnectPage,
    },
  },
})
