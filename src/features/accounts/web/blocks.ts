/**
 * The traders I blocked. Small (the query only, blocking is components/block-change.ts): other features
 * read whether the viewer blocked a trader through the public entry, which ships with every page.
 * docs/decisions/033-trust-server.md (the API), 034-trust-pages.md (the pages)
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BlocksResponse } from '@/features/accounts/contract'
import { apiFetch } from '@/platform/web/lib/api'

/** The traders I blocked, newest first (signed in only). */
export const blocksQuery = queryOptions({
  queryKey: ['blocks'] as const,
  queryFn: ({ signal }) => apiFetch<BlocksResponse>('/api/blocks', { signal }),
})

/** Whether the signed-in viewer blocked this trader (the server then refuses offers and messages between them). */
export function useBlocked(username: string): boolean {
  const blocks = useQuery(blocksQuery)
  return blocks.data?.blocks.some((b) => b.username === username.toLowerCase()) ?? false
}
