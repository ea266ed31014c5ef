import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The value-ops feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'value-ops',
  pages: {
    '/values/suggestions': {
      load: async () => (await import('./pages/suggestions-page')).SuggestionsPage,
    },
    '/values/changes': {
      load: async () => (await import('./pages/changes-page')).ChangesPage,
    },
    '/admin/values': {
      load: async () => (await import('./pages/value-tools-page')).ValueToolsPage,
    },
  },
})
