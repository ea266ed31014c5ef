import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  PublicTradeListsResponse,
  TradeListsRequest,
  TradeListsResponse,
  TradeMatchesResponse,
} from '@/features/trade-lists/contract'
import { apiFetch } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'

/** Every key of the lists starts with one of these: saving drops what it may have changed. */
export const TRADE_LIST_KEYS = {
  /** My lists, per game. */
  lists: ['trade-lists'] as const,
  /** My matches, per game (and all games). */
  matches: ['trade-matches'] as const,
  /** A trader's public lists (their profile). */
  profiles: ['trade-lists-public'] as const,
}

/** GET /api/me/lists/:game */
export const myListsQuery = (game: string) =>
  queryOptions({
    queryKey: [...TRADE_LIST_KEYS.lists, game],
    queryFn: ({ signal }) =>
      apiFetch<TradeListsResponse>(`/api/me/lists/${encodeURIComponent(game)}`, { signal }),
    staleTime: 0,
  })

/** GET /api/me/matches?game= (no game: every game I have lists of). */
export const myMatchesQuery = (game?: string) =>
  queryOptions({
    queryKey: [...TRADE_LIST_KEYS.matches, game ?? ''],
    queryFn: ({ signal }) =>
      apiFetch<TradeMatchesResponse>(`/api/me/matches${game ? `?game=${encodeURIComponent(game)}` : ''}`, {
        signal,
      }),
    staleTime: 0,
  })

/** GET /api/users/:username/lists */
export const publicListsQuery = (username: string) =>
  queryOptions({
    queryKey: [...TRADE_LIST_KEYS.profiles, username],
    queryFn: ({ signal }) =>
      apiFetch<PublicTradeListsResponse>(`/api/users/${encodeURIComponent(username)}/lists`, { signal }),
  })

/** PUT /api/me/lists/:game: the saved lists go into their cache; the matches and profiles are read again. */
export function useSaveLists(game: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (lists: TradeListsRequest) =>
      apiFetch<TradeListsResponse>(`/api/me/lists/${encodeURIComponent(game)}`, {
        method: 'PUT',
        body: lists,
      }),
    // Said here, not by the form: saved lists start the form afresh (its key is their date), and a
    // form that is gone hears nothing of its own call.
    onSuccess: (saved) => {
      toast.success('Your lists are saved', { description: 'New ads that match them will notify you.' })
      client.setQueryData(myListsQuery(game).queryKey, saved)
      return Promise.all([
        client.invalidateQueries({ queryKey: TRADE_LIST_KEYS.matches }),
        client.invalidateQueries({ queryKey: TRADE_LIST_KEYS.profiles }),
      ])
    },
  })
}
