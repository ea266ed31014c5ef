import { useMutation } from '@tanstack/react-query'
import type { ContactRequest, ContactResponse } from '@/shared/contact'
import { apiFetch } from '@/web/lib/api'

export const useSendContactMessage = () =>
  useMutation({
    mutationFn: (body: ContactRequest) => apiFetch<ContactResponse>('/api/contact', { method: 'POST', body }),
  })
