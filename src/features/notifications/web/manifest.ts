import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The notification centre's pages in the browser: each page's component, in its own chunk. */
export default defineWebFeature<typeof PAGES>({
  name: 'notifications',
  pages: {
    '/notifications': {
      load: () => import('./pages/notifications-page').then((module) => module.NotificationsPage),
    },
  },
})
