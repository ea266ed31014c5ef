import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SiteSummary } from '@/shared/site'
import { apiFetch } from '@/web/lib/api'

export const siteSummaryQuery = queryOptions({
  queryKey: ['site-summary'],
  queryFn: ({ signal }) => apiFetch<SiteSummary>('/api/site', { signal }),
})

export const useSiteSummary = () => useQuery(siteSummaryQuery)
