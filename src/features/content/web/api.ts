import { useMutation } from '@tanstack/react-query'
import type { ContactRequest, ContactResponse } from '@/features/contact/contract'
import { apiFetch } from '@/platform/web/lib/api'

export const useSendContactMessage = () =>
  useMutation({
    mutationFn: (body: ContactRequest) => apiFetch<ContactResponse>('/api/contact', { method: 'POST', body }),
  })
