import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type {
  GamesResponse,
  ItemDetailResponse,
  ItemListResponse,
  SearchResponse,
} from '@/features/catalog/contract'
import type { ItemSort } from '@/features/catalog/rules'
import { apiFetch } from '@/platform/web/lib/api'

export interface ItemListParams {
  game: string
  search?: string
  category?: string
  rarity?: string
  sort?: ItemSort
  page?: number
  pageSize?: number
}

/** Query string with only the parameters that are set (so equal views share one cache entry). */
function toQuery(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v))
  const s = q.toString()
  return s ? `?${s}` : ''
}

export const gamesQuery = queryOptions({
  queryKey: ['games'],
  queryFn: ({ signal }) => apiFetch<GamesResponse>('/api/games', { signal }),
})

export const itemListQuery = ({ game, ...params }: ItemListParams) =>
  queryOptions({
    queryKey: ['games', game, 'items', params],
    queryFn: ({ signal }) =>
      apiFetch<ItemListResponse>(`/api/games/${encodeURIComponent(game)}/items${toQuery({ ...params })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const itemsByIdQuery = (game: string, ids: string[]) =>
  queryOptions({
    queryKey: ['games', game, 'items-by-id', ids],
    queryFn: ({ signal }) =>
      apiFetch<ItemListResponse>(`/api/games/${encodeURIComponent(game)}/items?ids=${ids.join(',')}`, {
        signal,
      }),
    enabled: ids.length > 0,
    retry: false,
  })

export const searchAllQuery = (search: string) =>
  queryOptions({
    queryKey: ['search', search],
    queryFn: ({ signal }) =>
      apiFetch<SearchResponse>(`/api/items${toQuery({ search, limit: 60 })}`, { signal }),
    placeholderData: keepPreviousData,
  })

export const itemDetailQuery = (game: string, item: string) =>
  queryOptions({
    queryKey: ['games', game, 'items', item, 'detail'],
    queryFn: ({ signal }) =>
      apiFetch<ItemDetailResponse>(
        `/api/games/${encodeURIComponent(game)}/items/${encodeURIComponent(item)}`,
        { signal },
      ),
    retry: (count, error) =>
      count < 1 && !('status' in error && (error.status === 404 || error.status === 400)),
  })

export const useGames = () => useQuery(gamesQuery)
export const useItemList = (params: ItemListParams, enabled = true) =>
  useQuery({ ...itemListQuery(params), enabled })
export const useSearchAll = (search: string, enabled = true) =>
  useQuery({ ...searchAllQuery(search), enabled })
export const useItemDetail = (game: string, item: string) => useQuery(itemDetailQuery(game, item))
