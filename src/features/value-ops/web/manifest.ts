import { itemPageEditor, itemPageSections, valuesPageSections } from '@/features/catalog/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { fill, lazyFills } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('value-ops', () => import('./fills'))

/** The value-ops feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'value-ops',
  pages: {
    '/values/suggestions': {
      load: () => import('./pages/suggestions-page').then((module) => module.SuggestionsPage),
    },
    '/values/changes': {
      load: () => import('./pages/changes-page').then((module) => module.ChangesPage),
    },
    '/admin/values': {
      load: () => import('./pages/value-tools-page').then((module) => module.ValueToolsPage),
    },
    '/admin/imports': {
      load: () => import('./pages/imports-page').then((module) => module.ImportsPage),
    },
  },
  slots: [
    fill(itemPageEditor, fills('ItemEditorSlot')),
    // The item page's sections: its stock (stock), then the value suggestions, then its trade ads (trading).
    fill(itemPageSections, fills('ItemSuggestionsSection'), 20),
    fill(valuesPageSections, fills('RecentChangesSection')),
  ],
})
