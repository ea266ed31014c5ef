import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { FavoriteCountsResponse, FavoriteToggleResponse } from '@/shared/favorites'
import { ApiError, apiFetch } from '@/web/lib/api'
import { queryClient } from '@/web/lib/query-client'

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

export const useFavoriteCounts = (game: string, ids: readonly string[]) =>
  useQuery(favoriteCountsQuery(game, ids))

interface Toggle {
  itemId: string
  favorite: boolean
}

/**
 * Toggles a heart optimistically (SPEC section 4): every cached screen showing the item changes at once,
 * and is rolled back if the server refuses; the server's exact count then replaces the guess.
 */
export function useFavoriteToggle(game: string) {
  const key = ['favorites', game]
  return useMutation({
    mutationFn: ({ itemId, favorite }: Toggle) =>
      apiFetch<FavoriteToggleResponse>(
        `/api/favorites/${encodeURIComponent(game)}/${encodeURIComponent(itemId)}`,
        {
          method: favorite ? 'PUT' : 'DELETE',
        },
      ),
    onMutate: async ({ itemId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueriesData<FavoriteCountsResponse>({ queryKey: key })
      queryClient.setQueriesData<FavoriteCountsResponse>({ queryKey: key }, (old) => {
        if (!old || !(itemId in old.counts)) return old
        const had = old.mine.includes(itemId)
        if (had === favorite) return old
        return {
          counts: { ...old.counts, [itemId]: Math.max(0, (old.counts[itemId] ?? 0) + (favorite ? 1 : -1)) },
          mine: favorite ? [...old.mine, itemId] : old.mine.filter((id) => id !== itemId),
        }
      })
      return { before }
    },
    onError: (error, { favorite }, context) => {
      for (const [queryKey, data] of context?.before ?? []) queryClient.setQueryData(queryKey, data)
      const verb = favorite ? 'favorite' : 'unfavorite'
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        toast.error('Permission Error', { description: `You cannot ${verb} this item. Please try again.` })
        if (error.status === 401) queryClient.invalidateQueries({ queryKey: ['me'] })
      } else {
        toast.error('Error', { description: `Failed to ${verb} this item. Please try again.` })
      }
    },
    onSuccess: ({ favorited, count }, { itemId }) => {
      queryClient.invalidateQueries({ queryKey: ['users'] }) // profiles list favorites
      queryClient.setQueriesData<FavoriteCountsResponse>({ queryKey: key }, (old) => {
        if (!old || !(itemId in old.counts)) return old
        const mine = old.mine.filter((id) => id !== itemId)
        return { counts: { ...old.counts, [itemId]: count }, mine: favorited ? [...mine, itemId] : mine }
      })
    },
  })
}
