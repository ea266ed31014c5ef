/**
 * Blocking a trader: the traders I blocked, and blocking or unblocking one. Small (the queries only):
 * other features read whether the viewer blocked a trader through the public entry, which ships with
 * every page. docs/decisions/033-trust-server.md (the API), 034-trust-pages.md (the pages)
 */
import { mutationOptions, queryOptions, useQuery } from '@tanstack/react-query'
import type { BlocksResponse } from '@/features/accounts/contract'
import { apiFetch } from '@/platform/web/lib/api'

/** The traders I blocked, newest first (signed in only). */
export const blocksQuery = queryOptions({
  queryKey: ['blocks'] as const,
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

/** Whether the signed-in viewer blocked this trader (the server then refuses offers and messages between them). */
export function useBlocked(username: string): boolean {
  const blocks = useQuery(blocksQuery)
  return blocks.data?.blocks.some((b) => b.username === username.toLowerCase()) ?? false
}
