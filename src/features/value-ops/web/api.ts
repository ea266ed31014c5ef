import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type { ItemListResponse } from '@/features/catalog/contract'
import type {
  BulkRequest,
  BulkResponse,
  ChangeLogResponse,
  ItemEditRequest,
  NewItemRequest,
  Suggestion,
  SuggestionListResponse,
  SuggestionRequest,
  ValueSource,
} from '@/features/value-ops/contract'
import { ApiError, apiFetch } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import type { GameId } from '@/shared/games'

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

/** Query keys of suggestions: every list (an item's, a page of /values/suggestions) is under `all`. */
export const suggestionKeys = {
  all: ['suggestions'] as const,
  item: (game: string, item: string) => ['suggestions', 'item', game, item] as const,
  list: (params: SuggestionListParams) => ['suggestions', 'list', params] as const,
}

export interface SuggestionListParams {
  game?: string
  status: 'pending' | 'approved' | 'rejected'
  page: number
}

const suggestionsPath = (game: string, item: string) =>
  `/api/games/${encodeURIComponent(game)}/items/${encodeURIComponent(item)}/suggestions`

/** An item's suggestions (open ones first) with their votes: the item page's section, one request. */
export const itemSuggestionsQuery = (game: string, item: string) =>
  queryOptions({
    queryKey: suggestionKeys.item(game, item),
    queryFn: ({ signal }) => apiFetch<SuggestionListResponse>(suggestionsPath(game, item), { signal }),
  })

/** One page of /values/suggestions. */
export const suggestionsQuery = (params: SuggestionListParams) =>
  queryOptions({
    queryKey: suggestionKeys.list(params),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ status: params.status, page: String(params.page) })
      if (params.game) q.set('game', params.game)
      return apiFetch<SuggestionListResponse>(`/api/suggestions?${q}`, { signal })
    },
    placeholderData: keepPreviousData,
  })

/** Puts a changed suggestion into every cached list that holds it. */
function putSuggestion(client: QueryClient, id: number, change: (s: Suggestion) => Suggestion) {
  client.setQueriesData<SuggestionListResponse>({ queryKey: suggestionKeys.all }, (old) =>
    old?.suggestions.some((s) => s.id === id)
      ? { ...old, suggestions: old.suggestions.map((s) => (s.id === id ? change(s) : s)) }
      : old,
  )
}

function findSuggestion(client: QueryClient, id: number): Suggestion | undefined {
  for (const [, data] of client.getQueriesData<SuggestionListResponse>({ queryKey: suggestionKeys.all })) {
    const found = data?.suggestions.find((s) => s.id === id)
    if (found) return found
  }
  return undefined
}

/** The counts after the user's vote changes from `s.myVote` to `vote`. */
export function withVote(s: Suggestion, vote: number): Suggestion {
  const up = s.up - (s.myVote === 1 ? 1 : 0) + (vote === 1 ? 1 : 0)
  const down = s.down - (s.myVote === -1 ? 1 : 0) + (vote === -1 ? 1 : 0)
  return { ...s, up, down, myVote: vote }
}

const errorText = (error: Error, fallback: string) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback

/** A new suggestion for an item; the item's list is read again. */
export function useSuggest(game: string, item: string) {
  return useMutation({
    mutationFn: (body: SuggestionRequest) =>
      apiFetch<Suggestion>(suggestionsPath(game, item), { method: 'POST', body }),
    onSuccess: (_s, _body, _guess, { client }) => client.invalidateQueries({ queryKey: suggestionKeys.all }),
  })
}

/**
 * Votes up, down, or takes the vote back (0): shown at once, the server's counts then replace the
 * guess, put back if the server refuses. Taps on one suggestion run one after the other.
 */
export function useVote(id: number) {
  return useMutation({
    scope: { id: `suggestion-vote:${id}` },
    mutationFn: (vote: number) =>
      apiFetch<Suggestion>(`/api/suggestions/${id}/vote`, { method: 'PUT', body: { vote } }),
    onMutate: async (vote, { client }) => {
      await client.cancelQueries({ queryKey: suggestionKeys.all })
      const before = findSuggestion(client, id)
      putSuggestion(client, id, (s) => withVote(s, vote))
      return { before }
    },
    onError: (error, _vote, guess, { client }) => {
      if (guess?.before) putSuggestion(client, id, () => guess.before!)
      toast.error('Error', { description: errorText(error, 'Your vote was not saved. Please try again.') })
    },
    onSuccess: (s, _vote, _guess, { client }) => putSuggestion(client, id, () => s),
  })
}

/** An editor approves (an optional note) or rejects (a note) a suggestion; approving changes the item. */
export function useDecide(s: Pick<Suggestion, 'id' | 'gameId' | 'itemId' | 'itemName'>) {
  return useMutation({
    mutationFn: ({ approve, note }: { approve: boolean; note?: string }) =>
      apiFetch<Suggestion>(`/api/suggestions/${s.id}/${approve ? 'approve' : 'reject'}`, {
        method: 'POST',
        body: note ? { note } : {},
      }),
    onSuccess: (decided, { approve }, _guess, { client }) => {
      putSuggestion(client, s.id, () => decided)
      toast.success(approve ? `Suggestion approved: ${s.itemName} changed` : 'Suggestion rejected')
      client.invalidateQueries({ queryKey: suggestionKeys.all })
      if (approve) {
        client.invalidateQueries({ queryKey: ['games', s.gameId] })
        client.invalidateQueries({ queryKey: ['changes'] })
      }
    },
    onError: (error, _vars, _guess, { client }) => {
      toast.error('Error', { description: errorText(error, 'The decision was not saved. Please try again.') })
      client.invalidateQueries({ queryKey: suggestionKeys.all })
    },
  })
}
