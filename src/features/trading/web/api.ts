import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import type {
  CreatedResponse,
  MyTradesResponse,
  MyTradesWaitingResponse,
  TradeAd,
  TradeAdRequest,
  TradeAdResponse,
  TradeAdsResponse,
} from '@/features/trading/contract'
import { apiFetch } from '@/platform/web/lib/api'
import { queryClient } from '@/platform/web/lib/query-client'

/** The filters of GET /api/trade-ads (unset ones left out, so equal views share one cache entry). */
export interface TradeAdsParams {
  game?: string
  has?: string
  wants?: string
  tag?: string
  user?: string
  /** Only ads of traders with a verified Roblox account. */
  verified?: boolean
  page?: number
}

/** Every key of the marketplace starts with one of these: a change drops what it may have changed. */
export const TRADING_KEYS = {
  /** The public lists and ads. */
  ads: ['trade-ads'] as const,
  /** The signed-in trader's ads and offers (/api/me/trades). */
  mine: ['my-trades'] as const,
  /** The offers on an ad and their conversations (offers-api.ts). */
  offers: ['trade-offers'] as const,
}

/** `?game=…&page=2` with only the set parameters, in a fixed order. */
export function tradeAdsSearch(params: TradeAdsParams): string {
  const q = new URLSearchParams()
  for (const key of ['game', 'has', 'wants', 'tag', 'user', 'verified', 'page'] as const) {
    const v = params[key]
    if (v === undefined || v === '' || v === false || (key === 'page' && v === 1)) continue
    q.set(key, v === true ? '1' : String(v))
  }
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** A page of open ads, newest first. */
export const tradeAdsQuery = (params: TradeAdsParams) =>
  queryOptions({
    queryKey: [...TRADING_KEYS.ads, 'list', tradeAdsSearch(params)],
    queryFn: ({ signal }) =>
      apiFetch<TradeAdsResponse>(`/api/trade-ads${tradeAdsSearch(params)}`, { signal }),
    placeholderData: keepPreviousData,
  })

/** One ad (any status), with the server's time. */
export const tradeAdQuery = (id: number) =>
  queryOptions({
    queryKey: [...TRADING_KEYS.ads, 'ad', id],
    queryFn: ({ signal }) => apiFetch<TradeAdResponse>(`/api/trade-ads/${id}`, { signal }),
    retry: (count, error) =>
      count < 1 && !('status' in error && (error.status === 404 || error.status === 400)),
  })

/** My ads, the offers I sent and the offers I received. */
export const myTradesQuery = queryOptions({
  queryKey: TRADING_KEYS.mine,
  queryFn: ({ signal }) => apiFetch<MyTradesResponse>('/api/me/trades', { signal }),
  staleTime: 0,
})

/**
 * How many trades wait for me (GET /api/me/trades/waiting), beside "My trades": read when shown, again
 * after each change of mine (refreshTrading) and when a notification comes (useWaitingTrades).
 */
export const waitingTradesQuery = queryOptions({
  queryKey: [...TRADING_KEYS.mine, 'waiting'] as const,
  queryFn: ({ signal }) => apiFetch<MyTradesWaitingResponse>('/api/me/trades/waiting', { signal }),
})

export const useTradeAds = (params: TradeAdsParams, enabled = true) =>
  useQuery({ ...tradeAdsQuery(params), enabled })
export const useTradeAd = (id: number) => useQuery(tradeAdQuery(id))

/**
 * After a change of ads or offers: the lists, the ads, my trades and the offers are read again (closing
 * an ad declines its pending offers; a decision on an offer changes its ad).
 */
export function refreshTrading(): Promise<unknown> {
  return Promise.all(
    Object.values(TRADING_KEYS).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )
}

/** Puts an ad as the server answered it into the ad's cache entry. */
function rememberAd(ad: TradeAd) {
  queryClient.setQueryData(tradeAdQuery(ad.id).queryKey, (old) => (old ? { ...old, ad } : old))
}

/** POST /api/trade-ads → `{ id }`. */
export const usePostAd = () =>
  useMutation({
    mutationFn: (ad: TradeAdRequest) =>
      apiFetch<CreatedResponse>('/api/trade-ads', { method: 'POST', body: ad }),
    onSuccess: () => refreshTrading(),
  })

/** DELETE /api/trade-ads/:id: the owner closes the ad. */
export const useCloseAd = () =>
  useMutation({
    mutationFn: (id: number) =>
      apiFetch<Omit<TradeAdResponse, 'now'>>(`/api/trade-ads/${id}`, { method: 'DELETE' }),
    onSuccess: ({ ad }) => {
      rememberAd(ad)
      return refreshTrading()
    },
  })

/** POST /api/trade-ads/:id/relist: the owner lists an expired or closed ad again. */
export const useRelistAd = () =>
  useMutation({
    mutationFn: (id: number) =>
      apiFetch<Omit<TradeAdResponse, 'now'>>(`/api/trade-ads/${id}/relist`, { method: 'POST' }),
    onSuccess: ({ ad }) => {
      rememberAd(ad)
      return refreshTrading()
    },
  })
