import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ItemImageJob, LatestJobResponse, MissingImagesResponse } from '@/features/item-images/contract'
import { apiFetch } from '@/platform/web/lib/api'
import type { GameId } from '@/shared/games'

/** How often a running import's progress is read. */
export const PROGRESS_POLL_MS = 2000

/** GET /api/admin/item-images/:game/import: the game's latest import; read again while it runs. */
export const latestImportQuery = (game: GameId) =>
  queryOptions({
    queryKey: ['admin', 'item-images', game, 'import'],
    queryFn: () => apiFetch<LatestJobResponse>(`/api/admin/item-images/${game}/import`),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.job?.status === 'running' ? PROGRESS_POLL_MS : false),
  })

/** GET /api/admin/item-images/:game/missing: the game's items without a picture. */
export const missingImagesQuery = (game: GameId) =>
  queryOptions({
    queryKey: ['admin', 'item-images', game, 'missing'],
    queryFn: () => apiFetch<MissingImagesResponse>(`/api/admin/item-images/${game}/missing`),
    staleTime: 0,
  })

/** POST /api/admin/item-images/:game/import: starts an import (202 with the job). */
export function useStartImport(game: GameId) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<ItemImageJob>(`/api/admin/item-images/${game}/import`, { method: 'POST' }),
    onSuccess: (job) => client.setQueryData(latestImportQuery(game).queryKey, { job }),
  })
}
