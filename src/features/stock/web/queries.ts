import { queryOptions, useQuery } from '@tanstack/react-query'
import type { StockHistoryResponse, StockItemStats, StockResponse } from '@/features/stock/contract'
import { apiFetch } from '@/platform/web/lib/api'
import { type PrefetchArgs, prefetch } from '@/platform/web/lib/query-client'
import { isStockGame } from '@/shared/games'

/**
 * The stock pages' queries, apart from the hooks and mutations of api.ts: the router's loaders use
 * these, so they ship with every page and must stay small.
 */

export const base = (game: string) => `/api/stock/${encodeURIComponent(game)}`

export const toQuery = (values: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') q.set(k, String(v))
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** The stock of every shop of a game. The event stream keeps it fresh: it is never refetched by age. */
export const stockQuery = (game: string) =>
  queryOptions({
    queryKey: ['stock', game],
    queryFn: ({ signal }) => apiFetch<StockResponse>(base(game), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** One page of past reports of the whole game (or of one shop): the page groups them by shop. */
export const stockHistoryQuery = (game: string, { shop, limit }: { shop?: string; limit?: number } = {}) =>
  queryOptions({
    queryKey: ['stock', game, 'history', { shop, limit }],
    queryFn: ({ signal }) =>
      apiFetch<StockHistoryResponse>(`${base(game)}/history${toQuery({ shop, limit })}`, { signal }),
    staleTime: 60_000,
  })

/** The reports a stock page reads at once for its shops' recent restocks (the API's largest page). */
export const PAGE_HISTORY_LIMIT = 100

/** Route loader: a stock page's requests start while its code loads. */
export const prefetchStockPage =
  (game: string) =>
  ({ context }: PrefetchArgs) => {
    prefetch(context, stockQuery(game))
    prefetch(context, stockHistoryQuery(game, { limit: PAGE_HISTORY_LIMIT }))
    return null
  }

export const stockItemStatsQuery = (game: string, item: string) =>
  queryOptions({
    queryKey: ['stock', game, 'item', item],
    queryFn: ({ signal }) =>
      apiFetch<StockItemStats>(`${base(game)}/items/${encodeURIComponent(item)}`, { signal }),
    retry: (count, error) =>
      count < 1 && !('status' in error && (error.status === 404 || error.status === 400)),
    staleTime: 60_000,
  })

/** An item page's stock facts, asked for when its section is shown; nothing for other games. */
export const useItemStockStats = (game: string, item: string) =>
  useQuery({ ...stockItemStatsQuery(game, item), enabled: isStockGame(game) })
