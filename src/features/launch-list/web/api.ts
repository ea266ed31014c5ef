import { useMutation } from '@tanstack/react-query'
import type {
  ResendResponse,
  SubscribeRequest,
  SubscribeResponse,
  UnsubscribeResponse,
  VerifyResponse,
} from '@/features/launch-list/contract'
import { apiFetch } from '@/platform/web/lib/api'

export const useSubscribe = () =>
  useMutation({
    mutationFn: (body: SubscribeRequest) =>
      apiFetch<SubscribeResponse>('/api/launch-list/subscribe', { method: 'POST', body }),
  })

export const useResend = () =>
  useMutation({
    mutationFn: (body: SubscribeRequest) =>
      apiFetch<ResendResponse>('/api/launch-list/resend', { method: 'POST', body }),
  })

export const verifySubscription = (token: string) =>
  apiFetch<VerifyResponse>('/api/launch-list/verify', { method: 'POST', body: { token } })

export const unsubscribe = (token: string) =>
  apiFetch<UnsubscribeResponse>('/api/launch-list/unsubscribe', { method: 'POST', body: { token } })
