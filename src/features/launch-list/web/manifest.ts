import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The launch-list feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'launch-list',
  pages: {
    '/unsubscribe': {
      load: () => import('./pages/unsubscribe-page').then((module) => module.UnsubscribePage),
    },
    '/verify-subscription': {
      load: () => import('./pages/verify-subscription-page').then((module) => module.VerifySubscriptionPage),
    },
  },
})
