/** The admins' reads and writes of the contact form's messages (/admin/contact): its page's code alone. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminContactMessage, ContactListResponse, ContactStatus } from '@/features/contact/contract'
import { apiFetch } from '@/platform/web/lib/api'

/** The messages of one status (or all), newest first, a page at a time. */
export const contactMessagesQuery = (status: ContactStatus | '', page: number) =>
  queryOptions({
    queryKey: ['admin', 'contact-messages', status, page],
    queryFn: () =>
      apiFetch<ContactListResponse>(
        `/api/admin/contact-messages?${new URLSearchParams({ ...(status && { status }), page: String(page) })}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

/** Changes a message's status; every admin answer is read again after it (the audit log and counts too). */
export function useSetContactStatus() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ContactStatus }) =>
      apiFetch<AdminContactMessage>(`/api/admin/contact-messages/${id}`, {
        method: 'PATCH',
        body: { status },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  })
}
