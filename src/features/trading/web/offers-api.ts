/**
 * Offers and their conversations: the signed-in trader's own reads (never cached by the
 * browser: the server answers them `private, no-store`) and the decisions on an offer.
 * docs/decisions/028-marketplace-server.md (the API), 031-marketplace-pages.md (the pages)
 */
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query'
import type {
  CreatedResponse,
  TradeCounterRequest,
  TradeMessage,
  TradeMessagesResponse,
  TradeOffer,
  TradeOfferRequest,
  TradeOfferResponse,
  TradeOffersResponse,
} from '@/features/trading/contract'
import { apiFetch } from '@/platform/web/lib/api'
import { refreshTrading, TRADING_KEYS } from './api'

export const offerKeys = {
  ofAd: (adId: number) => [...TRADING_KEYS.offers, 'ad', adId] as const,
  messages: (offerId: number) => [...TRADING_KEYS.offers, 'messages', offerId] as const,
}

/** The offers on an ad the viewer may see: all of them for its owner, their own for another trader. */
export const adOffersQuery = (adId: number) =>
  queryOptions({
    queryKey: offerKeys.ofAd(adId),
    queryFn: ({ signal }) => apiFetch<TradeOffersResponse>(`/api/trade-ads/${adId}/offers`, { signal }),
  })

/** An offer's conversation, oldest first. */
export const messagesQuery = (offerId: number) =>
  queryOptions({
    queryKey: offerKeys.messages(offerId),
    queryFn: ({ signal }) =>
      apiFetch<TradeMessagesResponse>(`/api/trade-offers/${offerId}/messages`, { signal }),
  })

/** A message added to its conversation's cached list once (the live event and the POST's answer both bring it). */
export function addMessage(client: QueryClient, message: TradeMessage): boolean {
  let added = false
  client.setQueryData<TradeMessagesResponse>(offerKeys.messages(message.offerId), (old) => {
    if (!old || old.messages.some((m) => m.id === message.id)) return old
    added = true
    return { messages: [...old.messages, message] }
  })
  return added
}

/** An offer: as requested (an empty body) or a counter-offer with both sides. */
export const makeOfferMutation = (adId: number) =>
  mutationOptions({
    mutationFn: (body: TradeOfferRequest) =>
      apiFetch<CreatedResponse>(`/api/trade-ads/${adId}/offers`, { method: 'POST', body }),
    onSettled: () => refreshTrading(),
  })

/** New terms on an offer, by the trader whose turn it is; the answer is the offer with them. */
export const counterMutation = (offerId: number) =>
  mutationOptions({
    mutationFn: (body: TradeCounterRequest) =>
      apiFetch<TradeOfferResponse>(`/api/trade-offers/${offerId}/counter`, { method: 'POST', body }),
    onSettled: () => refreshTrading(),
  })

export type OfferDecision = 'accept' | 'decline' | 'cancel' | 'complete'

/** Accept, decline, cancel, or confirm the trade completed; the answer is the offer as it is now. */
export const decideMutation = () =>
  mutationOptions({
    mutationFn: ({ offer, decision }: { offer: Pick<TradeOffer, 'id'>; decision: OfferDecision }) =>
      apiFetch<TradeOfferResponse>(`/api/trade-offers/${offer.id}/${decision}`, { method: 'POST' }),
    onSettled: () => refreshTrading(),
  })

/** Writes in an offer's conversation; the message shows at once from the answer. */
export const sendMessageMutation = (offerId: number) =>
  mutationOptions({
    mutationFn: (body: string) =>
      apiFetch<TradeMessage>(`/api/trade-offers/${offerId}/messages`, { method: 'POST', body: { body } }),
    onSuccess: (message, _body, _context, { client }) => {
      addMessage(client, message)
    },
  })
