import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SiteLinks, SiteSummary } from '@/features/landing/contract'
import { apiFetch } from '@/platform/web/lib/api'

export const siteSummaryQuery = queryOptions({
  queryKey: ['site-summary'],
  queryFn: ({ signal }) => apiFetch<SiteSummary>('/api/site', { signal }),
})

export const useSiteSummary = () => useQuery(siteSummaryQuery)

/**
 * The Discord links the server is configured with. Read once per visit (the root route prefetches it,
 * so a page the server rendered carries it in its data): they change only when the server restarts.
 */
export const siteLinksQuery = queryOptions({
  queryKey: ['site-links'],
  queryFn: ({ signal }) => apiFetch<SiteLinks>('/api/site/links', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
})

export const useSiteLinks = () => useQuery(siteLinksQuery)

/** Which Discord links to offer: none while they load or where none is configured. */
export function useDiscordLinks(): { server: boolean; bot: boolean; loaded: boolean } {
  const { data } = useSiteLinks()
  return { server: Boolean(data?.discordServerUrl), bot: Boolean(data?.discordBotInviteUrl), loaded: !!data }
}
