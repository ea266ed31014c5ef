import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'
import { prefetchGuide, prefetchGuides } from './public'

/** The guides' editor: its own chunk (guide editors open only these admin pages). */
const adminGuidePages = () => import('./pages/admin-guides-pages')

/** The guides feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'guides',
  pages: {
    '/guides': {
      load: () => import('./pages/guides-page').then((module) => module.GuidesPage),
      loader: prefetchGuides,
    },
    '/guides/:slug': {
      load: () => import('./pages/guide-page').then((module) => module.GuidePage),
      loader: prefetchGuide,
    },
    '/admin/guides': { load: async () => (await adminGuidePages()).AdminGuidesPage },
    '/admin/guides/:slug': { load: async () => (await adminGuidePages()).AdminGuidePage },
  },
})
