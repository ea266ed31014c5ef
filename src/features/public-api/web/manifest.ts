import { settingsSections } from '@/features/accounts/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill, lazyFills } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'
import { prefetchApiDocs } from './public'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('public-api', () => import('./fills'))

/** The public-api feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'public-api',
  pages: {
    '/docs/api': {
      load: () => import('./pages/api-docs-page').then((module) => module.ApiDocsPage),
      loader: prefetchApiDocs,
    },
  },
  slots: [fill(settingsSections, fills('ApiKeysSection'))],
})
