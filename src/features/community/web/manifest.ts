import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The community feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'community',
  pages: {
    '/join-server': {
      load: () => import('./pages/discord-pages').then((module) => module.JoinServerPage),
    },
    '/invite-bot': {
      load: () => import('./pages/discord-pages').then((module) => module.InviteBotPage),
    },
  },
})
