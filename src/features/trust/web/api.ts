/**
 * The trust layer's reads and writes for the pages: reviews, reports and the trust figures (a trader's
 * reviews are read by their profile's Reputation alone: components/reputation.tsx; blocks are accounts').
 * docs/decisions/033-trust-server.md (the API), 034-trust-pages.md (the pages)
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { ReportRequest, Review, ReviewRequest, TrustFigures } from '@/features/trust/contract'
import { apiFetch } from '@/platform/web/lib/api'

export const trustKeys = {
  figures: ['trust-figures'] as const,
}

/** One of the two traders of an accepted trade reviews the other. */
export const reviewMutation = (offerId: number) =>
  mutationOptions({
    mutationFn: (body: ReviewRequest) =>
      apiFetch<Review>(`/api/trade-offers/${offerId}/review`, { method: 'POST', body }),
  })

/** Report an ad, a message, a review, a suggestion or a user. */
export const reportMutation = mutationOptions({
  mutationFn: (body: ReportRequest) => apiFetch<{ id: number }>('/api/reports', { method: 'POST', body }),
})

/** The live, anonymous figures of /trust-and-security. */
export const trustFiguresQuery = queryOptions({
  queryKey: trustKeys.figures,
  queryFn: ({ signal }) => apiFetch<TrustFigures>('/api/trust/figures', { signal }),
})
