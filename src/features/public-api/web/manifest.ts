import { settingsSections } from '@/features/accounts/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'
import { ApiKeysSection } from './fills'
import { prefetchApiDocs } from './public'

/** The public-api feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'public-api',
  pages: {
    '/docs/api': {
      load: async () => (await import('./pages/api-docs-page')).ApiDocsPage,
      loader: prefetchApiDocs,
    },
  },
  slots: [fill(settingsSections, ApiKeysSection)],
})
