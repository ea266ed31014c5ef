import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  CreateGuideRequest,
  Guide,
  GuideListResponse,
  PreviewGuideResponse,
  StaffGuide,
  UpdateGuideRequest,
} from '@/features/guides/contract'
import { apiFetch } from '@/platform/web/lib/api'
import { type PrefetchArgs, prefetch } from '@/platform/web/lib/query-client'

export const guidesQuery = queryOptions({
  queryKey: ['guides'],
  queryFn: ({ signal }) => apiFetch<GuideListResponse>('/api/guides', { signal }),
})

export const guideQuery = (slug: string) =>
  queryOptions({
    queryKey: ['guides', slug],
    queryFn: ({ signal }) => apiFetch<Guide>(`/api/guides/${encodeURIComponent(slug)}`, { signal }),
  })

export const staffGuidesQuery = queryOptions({
  queryKey: ['admin', 'guides'],
  queryFn: ({ signal }) => apiFetch<GuideListResponse>('/api/admin/guides', { signal }),
})

export const staffGuideQuery = (slug: string) =>
  queryOptions({
    queryKey: ['admin', 'guides', slug],
    queryFn: ({ signal }) =>
      apiFetch<StaffGuide>(`/api/admin/guides/${encodeURIComponent(slug)}`, { signal }),
  })

/** Writes a new guide (no slug) or saves one; every guide read is fetched afresh after. */
export function useSaveGuide() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ slug, ...body }: CreateGuideRequest & { slug?: string }) =>
      slug
        ? apiFetch<StaffGuide>(`/api/admin/guides/${encodeURIComponent(slug)}`, {
            method: 'PATCH',
            body: body satisfies UpdateGuideRequest,
          }).then(() => ({ slug }))
        : apiFetch<{ slug: string }>('/api/admin/guides', { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'guides'] }),
        client.invalidateQueries({ queryKey: ['guides'] }),
      ]),
  })
}

/** The body as the guide's page shows it, rendered and sanitized by the server. */
export const usePreviewGuide = () =>
  useMutation({
    mutationFn: (body: string) =>
      apiFetch<PreviewGuideResponse>('/api/admin/guides/preview', { method: 'POST', body: { body } }),
  })

/** Route loaders: the page's one request starts while its code loads. */
export function prefetchGuides({ context }: PrefetchArgs) {
  prefetch(context, guidesQuery)
  return null
}

export function prefetchGuide({ params, context }: PrefetchArgs<'slug'>) {
  if (params.slug) prefetch(context, guideQuery(params.slug))
  return null
}
