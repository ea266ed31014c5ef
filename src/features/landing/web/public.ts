/** What other features may use of the landing page (lint refuses any other import of its files). */
import { type PrefetchArgs, prefetch } from '@/platform/web/lib/query-client'
import { siteLinksQuery, siteSummaryQuery } from './api'

export { useDiscordLinks, useSiteLinks, useSiteSummary } from './api'
export { TeamLink } from './components/team-link'

/** The home page's loader: the site's figures. */
export function prefetchHome({ context }: PrefetchArgs) {
  prefetch(context, siteSummaryQuery)
  return null
}

/** The root route's loader: the site's links, read once per visit (the header and footer offer them). */
export function prefetchSiteLinks({ context }: PrefetchArgs) {
  prefetch(context, siteLinksQuery)
  return null
}
