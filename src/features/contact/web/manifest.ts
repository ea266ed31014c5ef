import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The contact feature's pages in the browser: the admins' list of contact messages, in its own chunk. */
export default defineWebFeature<typeof PAGES>({
  name: 'contact',
  pages: {
    '/admin/contact': {
      load: () => import('./pages/contact-messages-page').then((module) => module.ContactMessagesPage),
    },
  },
})
