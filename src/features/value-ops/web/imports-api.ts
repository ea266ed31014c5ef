import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ImportProblemsResponse, ImportStatus, ImportsResponse } from '@/features/value-ops/contract'
import { apiFetch } from '@/platform/web/lib/api'
import type { GameId } from '@/shared/games'

/** GET /api/admin/imports: the official price imports of the games the user edits. */
export const importsQuery = queryOptions({
  queryKey: ['admin', 'imports'],
  queryFn: () => apiFetch<ImportsResponse>('/api/admin/imports'),
  staleTime: 0,
})

/**
 * GET /api/admin/imports/attention: the imports whose last run failed, of the games the user may import.
 * Under the imports' key: running an import reads it again.
 */
export const importProblemsQuery = queryOptions({
  queryKey: ['admin', 'imports', 'attention'],
  queryFn: () => apiFetch<ImportProblemsResponse>('/api/admin/imports/attention'),
  staleTime: 0,
})

/** POST /api/admin/imports/:game/run: runs the import now and answers the game's new status. */
export function useRunImport() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (game: GameId) =>
      apiFetch<ImportStatus>(`/api/admin/imports/${game}/run`, { method: 'POST' }),
    onSuccess: (status) =>
      client.setQueryData(importsQuery.queryKey, (old) =>
        old ? { imports: old.imports.map((i) => (i.gameId === status.gameId ? status : i)) } : old,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: importsQuery.queryKey }),
  })
}
