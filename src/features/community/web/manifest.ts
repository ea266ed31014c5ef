import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The community feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'community',
  pages: {
    '/join-server': {
      load: async () => (await import('./pages/discord-pages')).JoinServerPage,
    },
    '/invite-bot': {
      load: async () => (await import('./pages/discord-pages')).InviteBotPage,
    },
  },
})
