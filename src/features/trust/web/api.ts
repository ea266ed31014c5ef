/**
 * The trust layer's reads and writes for the pages: blocks, reviews, reports and the trust figures (a
 * trader's reviews are read by the profile alone: accounts/components/reputation.tsx).
 * docs/decisions/033-trust-server.md (the API), 034-trust-pages.md (the pages)
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type {
  BlocksResponse,
  ReportRequest,
  Review,
  ReviewRequest,
  TrustFigures,
} from '@/features/trust/contract'
import { apiFetch } from '@/platform/web/lib/api'

export const trustKeys = {
  blocks: ['blocks'] as const,
  figures: ['trust-figures'] as const,
}

/** The traders I blocked, newest first (signed in only). */
export const blocksQuery = queryOptions({
  queryKey: trustKeys.blocks,
  queryFn: ({ signal }) => apiFetch<BlocksResponse>('/api/blocks', { signal }),
})

/**
 * Block or unblock a trader. What a block changes is everywhere (ads, offers, conversations,
 * profiles), so every query is read again once it settled.
 */
export const blockMutation = mutationOptions({
  mutationFn: ({ username, blocked }: { username: string; blocked: boolean }) =>
    apiFetch<void>(`/api/blocks/${encodeURIComponent(username)}`, { method: blocked ? 'PUT' : 'DELETE' }),
  onSettled: (_data, _error, _vars, _context, { client }) => client.invalidateQueries(),
})

/** One of the two traders of a completed trade reviews the other. */
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
