import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The alerts feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'alerts',
  pages: {
    '/notifications': {
      load: async () => (await import('./pages/notifications-page')).NotificationsPage,
    },
  },
})
