import { mutationOptions } from '@tanstack/react-query'
import { apiFetch } from '@/platform/web/lib/api'

/**
 * Block or unblock a trader. What a block changes is everywhere (ads, offers, conversations,
 * profiles), so every query is read again once it settled.
 */
export const blockMutation = mutationOptions({
  mutationFn: ({ username, blocked }: { username: string; blocked: boolean }) =>
    apiFetch<void>(`/api/blocks/${encodeURIComponent(username)}`, { method: blocked ? 'PUT' : 'DELETE' }),
  onSettled: (_data, _error, _vars, _context, { client }) => client.invalidateQueries(),
})
