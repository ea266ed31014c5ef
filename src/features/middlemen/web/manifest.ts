import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'
import { prefetchMiddlemen } from './public'

/** The middlemen feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'middlemen',
  pages: {
    '/middleman': {
      load: async () => (await import('./pages/middleman-page')).MiddlemanPage,
    },
    '/escrow-service': {
      load: async () => (await import('./pages/escrow-service-page')).EscrowServicePage,
      loader: prefetchMiddlemen,
    },
  },
})
