import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Game, Item } from '@/shared/catalog'
import { apiFetch } from '@/web/lib/api'

export const gamesQuery = queryOptions({
  queryKey: ['games'],
  queryFn: ({ signal }) => apiFetch<{ games: Game[] }>('/api/games', { signal }),
})

export const itemQuery = (game: string, item: string) =>
  queryOptions({
    queryKey: ['games', game, 'items', item],
    queryFn: ({ signal }) =>
      apiFetch<{ item: Item; game: Game }>(
        `/api/games/${encodeURIComponent(game)}/items/${encodeURIComponent(item)}`,
        {
          signal,
        },
      ),
  })

export const useGames = () => useQuery(gamesQuery)
export const useItem = (game: string, item: string) => useQuery(itemQuery(game, item))
