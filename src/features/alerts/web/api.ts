import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type {
  AlertRule,
  AlertRuleRequest,
  AlertRulesResponse,
  AlertSettings,
  AlertSettingsRequest,
  WatchlistResponse,
  WatchRequest,
  WatchResponse,
} from '@/features/alerts/contract'
import { ApiError, apiFetch } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { changeWatch, findWatch, guessWatch, putWatch, type WatchTarget } from './view'

export const alertKeys = {
  watchlist: ['watchlist'] as const,
  rules: ['alert-rules'] as const,
  settings: ['alert-settings'] as const,
}

// --- Watchlist ------------------------------------------------------------------------------------

/** Every watch of the signed-in user (at most 200): one request for a whole screen of watch controls. */
export const watchlistQuery = queryOptions({
  queryKey: alertKeys.watchlist,
  queryFn: ({ signal }) => apiFetch<WatchlistResponse>('/api/watchlist', { signal }),
  staleTime: 60_000,
})

export const useWatchlist = () => useQuery(watchlistQuery)

const watchPath = (game: string, item: string) =>
  `/api/watchlist/${encodeURIComponent(game)}/${encodeURIComponent(item)}`

function setWatch(client: QueryClient, game: string, item: string, watch: WatchResponse['watch']) {
  client.setQueryData(watchlistQuery.queryKey, (old) => (old ? putWatch(old, game, item, watch) : old))
}

function watchError(client: QueryClient, error: Error, fallback: string) {
  if (error instanceof ApiError && error.status === 401) {
    client.invalidateQueries({ queryKey: ['me'] }) // the session is gone: Session Expired says so
  } else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    toast.error('Error', { description: error.message })
  } else {
    toast.error('Error', { description: fallback })
  }
}

/**
 * Watches an item (restocks when it is sold in a shop, and value changes) or stops watching it,
 * optimistically like the favorite heart: the control changes at once, the server's watch then
 * replaces the guess, and only this item is put back if the server refuses. Taps on one item run one
 * after the other, so the last tap wins.
 */
export const watchToggleMutation = (target: WatchTarget, request: WatchRequest) =>
  mutationOptions({
    scope: { id: `watch:${target.game}:${target.item}` },
    mutationFn: ({ watch }: { watch: boolean }) =>
      apiFetch<WatchResponse>(watchPath(target.game, target.item), {
        method: watch ? 'PUT' : 'DELETE',
        ...(watch && { body: request }),
      }),
    onMutate: async ({ watch }, { client }) => {
      await client.cancelQueries({ queryKey: alertKeys.watchlist })
      const before = findWatch(client.getQueryData(watchlistQuery.queryKey), target.game, target.item)
      setWatch(client, target.game, target.item, watch ? (before ?? guessWatch(target, request)) : null)
      return { before }
    },
    onError: (error, { watch }, guess, { client }) => {
      setWatch(client, target.game, target.item, guess?.before ?? null)
      watchError(
        client,
        error,
        `Failed to ${watch ? 'watch' : 'stop watching'} ${target.name}. Please try again.`,
      )
    },
    onSuccess: ({ watch }, _vars, _guess, { client }) => {
      setWatch(client, target.game, target.item, watch)
    },
  })

export const useWatchToggle = (target: WatchTarget, request: WatchRequest) =>
  useMutation(watchToggleMutation(target, request))

/** Changes what a watch tells about (PUT with only the changed fields), optimistically. */
export const watchChangeMutation = (game: string, item: string) =>
  mutationOptions({
    scope: { id: `watch:${game}:${item}` },
    mutationFn: (change: WatchRequest) =>
      apiFetch<WatchResponse>(watchPath(game, item), { method: 'PUT', body: change }),
    onMutate: async (change, { client }) => {
      await client.cancelQueries({ queryKey: alertKeys.watchlist })
      const before = findWatch(client.getQueryData(watchlistQuery.queryKey), game, item)
      if (before) setWatch(client, game, item, changeWatch(before, change))
      return { before }
    },
    onError: (error, _change, guess, { client }) => {
      if (guess?.before) setWatch(client, game, item, guess.before)
      watchError(client, error, 'Failed to save this watch. Please try again.')
    },
    onSuccess: ({ watch }, _change, _guess, { client }) => setWatch(client, game, item, watch),
  })

export const useWatchChange = (game: string, item: string) => useMutation(watchChangeMutation(game, item))

// --- Rules ------------------------------------------------------------------------------------------

export const alertRulesQuery = queryOptions({
  queryKey: alertKeys.rules,
  queryFn: ({ signal }) => apiFetch<AlertRulesResponse>('/api/alert-rules', { signal }),
  staleTime: 60_000,
})

export function useCreateRule() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: AlertRuleRequest) => apiFetch<unknown>('/api/alert-rules', { method: 'POST', body }),
    // The list is read again: each rule comes with how many items match it now.
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.rules }),
  })
}

export function useDeleteRule() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (rule: AlertRule) => apiFetch<unknown>(`/api/alert-rules/${rule.id}`, { method: 'DELETE' }),
    onSuccess: (_none, rule) => {
      client.setQueryData(alertRulesQuery.queryKey, (old) =>
        old ? { rules: old.rules.filter((r) => r.id !== rule.id) } : old,
      )
      toast.success('Rule deleted', { description: rule.description })
    },
    onError: (error) => {
      toast.error('Error', {
        description:
          error instanceof ApiError ? error.message : 'Failed to delete this rule. Please try again.',
      })
    },
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.rules }),
  })
}

// --- Delivery settings ----------------------------------------------------------------------------

export const alertSettingsQuery = queryOptions({
  queryKey: alertKeys.settings,
  queryFn: ({ signal }) => apiFetch<AlertSettings>('/api/alert-settings', { signal }),
  staleTime: 60_000,
})

export function useUpdateSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: AlertSettingsRequest) =>
      apiFetch<AlertSettings>('/api/alert-settings', { method: 'PUT', body }),
    onSuccess: (settings) => client.setQueryData(alertSettingsQuery.queryKey, settings),
  })
}

/** Sends a test message to the saved webhook; answers the server's words. */
export function useTestDiscord() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiFetch<{ message?: string } | null>('/api/alert-settings/test-discord', { method: 'POST' }),
    // A webhook that answered 404 is switched off: the settings say so.
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.settings }),
  })
}
