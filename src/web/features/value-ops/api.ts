import { keepPreviousData, type QueryClient, queryOptions, useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { Suggestion, SuggestionListResponse, SuggestionRequest } from '@/shared/value-ops'
import { ApiError, apiFetch } from '@/web/lib/api'

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

const itemPath = (game: string, item: string) =>
  `/api/games/${encodeURIComponent(game)}/items/${encodeURIComponent(item)}/suggestions`

/** An item's suggestions (open ones first) with their votes: the item page's section, one request. */
export const itemSuggestionsQuery = (game: string, item: string) =>
  queryOptions({
    queryKey: suggestionKeys.item(game, item),
    queryFn: ({ signal }) => apiFetch<SuggestionListResponse>(itemPath(game, item), { signal }),
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
      apiFetch<Suggestion>(itemPath(game, item), { method: 'POST', body }),
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

/**
 * After a value change: the item's answer is fetched past the browser's HTTP cache (public catalog
 * reads are fresh for 30 s there), then the game's cached catalog reads (`['games', game]`, the
 * catalog's keys) are read again, so the editor sees the value just set.
 */
async function refreshItem(client: QueryClient, game: string, item: string) {
  await fetch(`/api/games/${encodeURIComponent(game)}/items/${encodeURIComponent(item)}`, {
    cache: 'reload',
    credentials: 'same-origin',
  }).catch(() => undefined)
  await client.invalidateQueries({ queryKey: ['games', game] })
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
      if (approve) void refreshItem(client, s.gameId, s.itemId)
    },
    onError: (error, _vars, _guess, { client }) => {
      toast.error('Error', { description: errorText(error, 'The decision was not saved. Please try again.') })
      client.invalidateQueries({ queryKey: suggestionKeys.all })
    },
  })
}
