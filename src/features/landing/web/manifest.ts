import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'
import { prefetchHome } from './public'

/** The landing feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'landing',
  pages: {
    '/': {
      load: () => import('./pages/home-page').then((module) => module.HomePage),
      loader: prefetchHome,
    },
  },
})
