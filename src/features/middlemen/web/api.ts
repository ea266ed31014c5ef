/** The official middlemen's reads and writes (docs/decisions/036-middlemen.md). */
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query'
import type {
  CloseJobRequest,
  MiddlemanCheckResponse,
  MiddlemanQueueResponse,
  MiddlemanRequest,
  MiddlemenResponse,
} from '@/features/middlemen/contract'
import { apiFetch } from '@/platform/web/lib/api'
import { type PrefetchArgs, prefetch } from '@/platform/web/lib/query-client'
import type { GameId } from '@/shared/games'

export const middlemenQuery = queryOptions({
  queryKey: ['middlemen'],
  queryFn: ({ signal }) => apiFetch<MiddlemenResponse>('/api/middlemen', { signal }),
})

export const checkMiddleman = (name: string) =>
  apiFetch<MiddlemanCheckResponse>(`/api/middlemen/check?name=${encodeURIComponent(name)}`)

export const queueQuery = queryOptions({
  queryKey: ['middleman', 'requests'],
  queryFn: ({ signal }) => apiFetch<MiddlemanQueueResponse>('/api/middleman/requests', { signal }),
})

const refreshQueue = (client: QueryClient) => client.invalidateQueries({ queryKey: ['middleman'] })

export const claimMutation = (client: QueryClient) =>
  mutationOptions({
    mutationFn: (id: number) =>
      apiFetch<MiddlemanRequest>(`/api/middleman/requests/${id}/claim`, { method: 'POST' }),
    onSettled: () => refreshQueue(client),
  })

export const closeMutation = (client: QueryClient, id: number) =>
  mutationOptions({
    mutationFn: (body: CloseJobRequest) =>
      apiFetch<MiddlemanRequest>(`/api/middleman/requests/${id}/close`, { method: 'POST', body }),
    onSuccess: () => refreshQueue(client),
  })

export const gamesMutation = (client: QueryClient) =>
  mutationOptions({
    mutationFn: (games: GameId[]) =>
      apiFetch<void>('/api/middleman/profile', { method: 'PUT', body: { games } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['middlemen'] }),
  })

/** /escrow-service's loader: the list starts loading with the page's code. */
export function prefetchMiddlemen({ context }: PrefetchArgs) {
  prefetch(context, middlemenQuery)
  return null
}
