/** The notification centre's reads and writes: the bell's count, the history a page at a time, marking read. */
import { mutationOptions, queryOptions, useMutation } from '@tanstack/react-query'
import type { NotificationsResponse, UnreadCountResponse } from '@/features/notifications/contract'
import { apiFetch } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { notificationKeys } from './queries'
import { markRead } from './view'

/** The bell's count: asked for once when the bell appears; live updates then set it. */
export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: ({ signal }) => apiFetch<UnreadCountResponse>('/api/notifications/unread-count', { signal }),
})

/** One page of the history, newest first (the bell's panel shows the start of page 1). */
export const notificationsQuery = (page: number) =>
  queryOptions({
    queryKey: [...notificationKeys.all, 'page', page] as const,
    queryFn: ({ signal }) => apiFetch<NotificationsResponse>(`/api/notifications?page=${page}`, { signal }),
    staleTime: 0,
  })

/**
 * Marks notifications read (`ids`, or all): shown read at once in every cached page and in the
 * bell's count; every notification query is then read again.
 */
export const markReadMutation = () =>
  mutationOptions({
    mutationFn: (ids: number[] | undefined) =>
      apiFetch<UnreadCountResponse>('/api/notifications/read', {
        method: 'POST',
        body: ids ? { ids } : {},
      }),
    onMutate: async (ids, { client }) => {
      await client.cancelQueries({ queryKey: notificationKeys.all })
      const pages = client.getQueriesData<NotificationsResponse>({
        queryKey: [...notificationKeys.all, 'page'],
      })
      const unreadBefore = client.getQueryData<UnreadCountResponse>(notificationKeys.unread)
      let read = 0
      for (const [key, page] of pages) {
        if (!page) continue
        const next = markRead(page, ids)
        read += page.unread - next.unread
        client.setQueryData(key, next)
      }
      if (unreadBefore) {
        const unread = ids === undefined ? 0 : Math.max(0, unreadBefore.unread - Math.min(read, ids.length))
        client.setQueryData(notificationKeys.unread, { unread })
      }
      return { pages, unreadBefore }
    },
    onError: (_error, _ids, before, { client }) => {
      for (const [key, page] of before?.pages ?? []) client.setQueryData(key, page)
      if (before?.unreadBefore) client.setQueryData(notificationKeys.unread, before.unreadBefore)
      toast.error('Error', { description: 'Failed to mark notifications as read. Please try again.' })
    },
    // The answer is the count left unread.
    onSuccess: (answer, _ids, _before, { client }) => {
      if (typeof answer?.unread === 'number') client.setQueryData(notificationKeys.unread, answer)
    },
    onSettled: (_data, _error, _ids, _before, { client }) =>
      client.invalidateQueries({ queryKey: notificationKeys.all }),
  })

export const useMarkRead = () => useMutation(markReadMutation())
