import {
  infiniteQueryOptions,
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type {
  CreatedToken,
  FeedUnknownResponse,
  IngestToken,
  NewStockItemRequest,
  ShopSettings,
  ShopSettingsRequest,
  StockHistoryResponse,
  StockReportRequest,
  StockReportResult,
  StockResponse,
} from '@/features/stock/contract'
import { apiFetch } from '@/platform/web/lib/api'
import { followLive, type LiveStatus } from '@/platform/web/lib/live'
import { toast } from '@/platform/web/lib/toast'
import { base, stockQuery, toQuery } from './queries'

// --- The live stock -------------------------------------------------------------------------------

export type StreamStatus = LiveStatus

/**
 * Follows the game's live stock on the tab's event stream while the page is open: each `stock` event
 * replaces the cached stock (no refetch).
 */
export function useStockStream(game: string): StreamStatus {
  const client = useQueryClient()
  const [status, setStatus] = useState<StreamStatus>('connecting')
  useEffect(
    () =>
      followLive({
        stock: game,
        onStatus: setStatus,
        onEvent: (type, data) => {
          if (type !== 'stock' || (data as StockResponse).game !== game) return
          client.setQueryData(stockQuery(game).queryKey, data as StockResponse)
        },
      }),
    [client, game],
  )
  return status
}

// --- History and per-item facts ----------------------------------------------------------------

/** Past reports of one shop, page after page ("Show older reports"). */
export const shopHistoryQuery = (game: string, shop: string, limit = 10) =>
  infiniteQueryOptions({
    queryKey: ['stock', game, 'history', 'pages', shop, limit],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<StockHistoryResponse>(`${base(game)}/history${toQuery({ shop, limit, before: pageParam })}`, {
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  })

// --- Stock managers ----------------------------------------------------------------------------

/** Puts a new report in the cached stock at once; the stream then brings the whole stock. */
function setShopReport(client: QueryClient, game: string, result: StockReportResult) {
  client.setQueryData<StockResponse>(stockQuery(game).queryKey, (old) =>
    old
      ? {
          ...old,
          shops: old.shops.map((s) => (s.id === result.report.shop ? { ...s, report: result.report } : s)),
        }
      : old,
  )
}

/** Publishing a report (a stock manager's form): the report shows at once, the stream brings the rest. */
export const publishReportMutation = (client: QueryClient, game: string) =>
  mutationOptions({
    mutationFn: (body: StockReportRequest) =>
      apiFetch<StockReportResult>(`${base(game)}/reports`, { method: 'POST', body }),
    onSuccess: (result) => {
      if (!result.created) return
      setShopReport(client, game, result)
      // The shop's history and items changed. Not the stock itself: the stream brings it, and a refetch
      // answered before this server had rebuilt it would undo the report after the stream's newer stock.
      return client.invalidateQueries({ queryKey: ['stock', game], predicate: (q) => q.queryKey.length > 2 })
    },
  })

export function usePublishReport(game: string) {
  return useMutation(publishReportMutation(useQueryClient(), game))
}

export const tokensQuery = (game: string) =>
  queryOptions({
    queryKey: ['stock', game, 'tokens'],
    queryFn: ({ signal }) => apiFetch<{ tokens: IngestToken[] }>(`${base(game)}/tokens`, { signal }),
    staleTime: 0,
  })

export function useCreateToken(game: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch<CreatedToken>(`${base(game)}/tokens`, { method: 'POST', body: { name } }),
    onSuccess: ({ token: _secret, ...token }) => {
      // The list never holds the secret: it is shown once, by the form that asked for it.
      client.setQueryData(tokensQuery(game).queryKey, (old) =>
        old ? { tokens: [token, ...old.tokens.filter((t) => t.id !== token.id)] } : old,
      )
      return client.invalidateQueries({ queryKey: tokensQuery(game).queryKey })
    },
  })
}

/**
 * Revokes a token: marked revoked at once, put back if the server refuses. The messages are the
 * mutation's own: the revoke button is gone (the token is revoked) before the answer comes.
 */
export function useRevokeToken(game: string) {
  const client = useQueryClient()
  const key = tokensQuery(game).queryKey
  return useMutation({
    mutationFn: ({ id }: Pick<IngestToken, 'id' | 'name'>) =>
      apiFetch<null>(`${base(game)}/tokens/${id}`, { method: 'DELETE' }),
    onMutate: async ({ id }) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData(key)
      const revokedAt = new Date().toISOString()
      client.setQueryData(key, (old) =>
        old ? { tokens: old.tokens.map((t) => (t.id === id ? { ...t, revokedAt } : t)) } : old,
      )
      return { before }
    },
    onSuccess: (_none, { name }) => {
      toast.success(`${name} revoked`)
    },
    onError: (error, { name }, context) => {
      if (context?.before) client.setQueryData(key, context.before)
      toast.error(error instanceof Error && error.message ? error.message : `${name} could not be revoked`)
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
}

export const shopSettingsQuery = (game: string) =>
  queryOptions({
    queryKey: ['stock', game, 'shops'],
    queryFn: ({ signal }) => apiFetch<{ shops: ShopSettings[] }>(`${base(game)}/shops`, { signal }),
    staleTime: 0,
  })

export function useUpdateShop(game: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ shop, change }: { shop: string; change: ShopSettingsRequest }) =>
      apiFetch<ShopSettings>(`${base(game)}/shops/${encodeURIComponent(shop)}`, {
        method: 'PATCH',
        body: change,
      }),
    // Saved, the shop's form is built again from the answer: the message is the mutation's own.
    onSuccess: (saved) => {
      toast.success(`${saved.name} saved`)
      client.setQueryData(shopSettingsQuery(game).queryKey, (old) =>
        old ? { shops: old.shops.map((s) => (s.id === saved.id ? saved : s)) } : old,
      )
      // The clocks (and names) of the live stock change too.
      return client.invalidateQueries({ queryKey: ['stock', game] })
    },
  })
}

export function useAddStockItem(game: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: NewStockItemRequest) =>
      apiFetch<{ id: string; name: string }>(`${base(game)}/items`, { method: 'POST', body }),
    // The item pickers search the catalog: they find it from now on (and the feed's unknown items list
    // leaves it out).
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['games', game] }),
        client.invalidateQueries({ queryKey: ['stock', game, 'feed-unknown'] }),
      ]),
  })
}

/** The game feed's items the catalog lacks, and how its last read went (stock managers). */
export const feedUnknownQuery = (game: string) =>
  queryOptions({
    queryKey: ['stock', game, 'feed-unknown'],
    queryFn: ({ signal }) => apiFetch<FeedUnknownResponse>(`${base(game)}/feed-unknown`, { signal }),
    staleTime: 0,
    // Reads come every few minutes: the list follows while the page is open.
    refetchInterval: 60_000,
  })
