import { lazy } from '@/platform/web/lib/lazy'

/**
 * What other features may use of alerts (lint refuses any other import of its files). Components load
 * with the first page that shows them: the manifests, in every page's code, import this file, so a plain
 * re-export would put them in the code of every page. Render them inside a Suspense boundary.
 */
export { alertsTabSections } from './slots'

/** The profile's "Alerts" tab: watched items, rules and delivery settings. */
export const AlertsTab = lazy(async () => ({
  default: (await import('./components/alerts-tab')).AlertsTab,
}))
