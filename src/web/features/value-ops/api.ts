import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ItemListResponse } from '@/shared/catalog'
import type { GameId } from '@/shared/games'
import type {
  BulkRequest,
  BulkResponse,
  ChangeLogResponse,
  ItemEditRequest,
  NewItemRequest,
  ValueSource,
} from '@/shared/value-ops'
import { apiFetch } from '@/web/lib/api'

const query = (values: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') q.set(k, String(v))
  const s = q.toString()
  return s ? `?${s}` : ''
}

export interface ChangeLogParams {
  game?: GameId
  source?: ValueSource
  page?: number
  pageSize?: number
}

export const changeLogQuery = (params: ChangeLogParams) =>
  queryOptions({
    queryKey: ['changes', params],
    queryFn: ({ signal }) => apiFetch<ChangeLogResponse>(`/api/changes${query({ ...params })}`, { signal }),
    placeholderData: keepPreviousData,
  })
export const useChangeLog = (params: ChangeLogParams) => useQuery(changeLogQuery(params))

/** One page of a game's items for the editor table (the public list, 100 at a time). */
export const editorTableQuery = (game: GameId, search: string, page: number) =>
  queryOptions({
    queryKey: ['games', game, 'items', { search, page, pageSize: 100, sort: 'name' }],
    queryFn: ({ signal }) =>
      apiFetch<ItemListResponse>(
        `/api/games/${game}/items${query({ search, page, pageSize: 100, sort: 'name' })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  })

const itemPath = (game: string, item?: string) =>
  `/api/admin/items/${encodeURIComponent(game)}${item ? `/${encodeURIComponent(item)}` : ''}`

/** After any change: every catalog read and the change log are read again. */
function useAfterChange() {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['games'] }),
      client.invalidateQueries({ queryKey: ['search'] }),
      client.invalidateQueries({ queryKey: ['changes'] }),
    ])
}

export function useEditItem(game: string, item: string) {
  const onSuccess = useAfterChange()
  return useMutation({
    mutationFn: (body: ItemEditRequest) =>
      apiFetch<{ changed: boolean }>(itemPath(game, item), { method: 'PATCH', body }),
    onSuccess,
  })
}

export function useNewItem(game: string) {
  const onSuccess = useAfterChange()
  return useMutation({
    mutationFn: (body: NewItemRequest) => apiFetch<{ id: string }>(itemPath(game), { body, method: 'POST' }),
    onSuccess,
  })
}

export function useRetireItem(game: string, item: string) {
  const onSuccess = useAfterChange()
  return useMutation({
    mutationFn: ({ retire, reason }: { retire: boolean; reason: string }) =>
      apiFetch(`${itemPath(game, item)}/${retire ? 'retire' : 'restore'}`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess,
  })
}

export function useUploadImage(game: string, item: string) {
  const onSuccess = useAfterChange()
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.set('image', file)
      return apiFetch<{ image: string }>(`${itemPath(game, item)}/image`, { method: 'POST', body: form })
    },
    onSuccess,
  })
}

export function useBulkUpdate(game: string) {
  const onSuccess = useAfterChange()
  return useMutation({
    mutationFn: (body: BulkRequest) =>
      apiFetch<BulkResponse>(`${itemPath(game)}/bulk`, { method: 'POST', body }),
    onSuccess: (result) => (result.applied ? onSuccess() : undefined),
  })
}
