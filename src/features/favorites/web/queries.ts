/**
 * The hearts' one request, apart from the toggles of api.ts: the pages that show hearts ask for it at
 * once (the slots' fills, in the code every page ships), so this file must stay small.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FavoriteCountsResponse } from '@/features/favorites/contract'
import { apiFetch } from '@/platform/web/lib/api'

/** The counts (and the user's own hearts) of a whole screen of one game's items: one request. */
export const favoriteCountsQuery = (game: string, ids: readonly string[]) => {
  const sorted = [...ids].sort()
  return queryOptions({
    queryKey: ['favorites', game, sorted.join(',')],
    queryFn: () =>
      apiFetch<FavoriteCountsResponse>(`/api/favorites/${encodeURIComponent(game)}?ids=${sorted.join(',')}`),
    enabled: sorted.length > 0,
    staleTime: 30_000,
  })
}

/** Asks for a screen's hearts; the screen does not render again when they come (each heart reads its own). */
export const useFavoriteCounts = (game: string, ids: readonly string[]) =>
  useQuery({ ...favoriteCountsQuery(game, ids), notifyOnChangeProps: [] })
