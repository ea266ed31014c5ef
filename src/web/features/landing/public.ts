/** What other features may use of the landing page (lint refuses any other import of its files). */
import { type PrefetchArgs, prefetch } from '@/web/lib/query-client'
import { siteSummaryQuery } from './api'

export { useSiteSummary } from './api'

/** The home page's loader: the site's figures. */
export function prefetchHome({ context }: PrefetchArgs) {
  prefetch(context, siteSummaryQuery)
  return null
}
