import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { NotificationsResponse, UnreadCountResponse } from '@/features/notifications/contract'
import { toast } from '@/platform/web/lib/toast'
import { answerWhenTold } from '@/test/fetch'
import { markReadMutation } from './api'
import { notificationKeys } from './queries'

vi.mock('@/platform/web/lib/toast', () => ({ toast: { error: vi.fn() } }))

let client: QueryClient

const server = answerWhenTold

beforeEach(() => {
  client = new QueryClient()
})
afterEach(() => {
  client.clear()
  vi.unstubAllGlobals()
  vi.mocked(toast.error).mockClear()
})

describe('marking notifications read', () => {
  const page: NotificationsResponse = {
    notifications: [5, 4].map((id) => ({
      id,
      kind: 'restock' as const,
      game: 'grow-a-garden',
      item: 'carrot',
      title: `Carrot ${id}`,
      body: 'In stock',
      link: '/grow-a-garden-stock',
      createdAt: '2026-01-01T00:00:00.000Z',
      readAt: null,
    })),
    page: 1,
    pageCount: 1,
    total: 2,
    unread: 2,
  }
  const pageKey = [...notificationKeys.all, 'page', 1]

  it('shows one read and the bell one less at once; puts both back when the server refuses', async () => {
    client.setQueryData(pageKey, page)
    client.setQueryData<UnreadCountResponse>(notificationKeys.unread, { unread: 2 })
    const api = server()
    const done = new MutationObserver(client, markReadMutation()).mutate([4])
    expect(await api.request).toMatchObject({
      url: '/api/notifications/read',
      method: 'POST',
      body: { ids: [4] },
    })
    expect(client.getQueryData<NotificationsResponse>(pageKey)?.notifications[1]?.readAt).not.toBeNull()
    expect(client.getQueryData(notificationKeys.unread)).toEqual({ unread: 1 })
    api.reply(500, {})
    await expect(done).rejects.toMatchObject({ status: 500 })
    expect(client.getQueryData(pageKey)).toEqual(page)
    expect(client.getQueryData(notificationKeys.unread)).toEqual({ unread: 2 })
  })

  it('all: sends no ids and the bell shows none', async () => {
    client.setQueryData<UnreadCountResponse>(notificationKeys.unread, { unread: 7 })
    const api = server()
    const done = new MutationObserver(client, markReadMutation()).mutate(undefined)
    expect((await api.request).body).toEqual({})
    expect(client.getQueryData(notificationKeys.unread)).toEqual({ unread: 0 })
    api.reply(200, { unread: 2 }) // two arrived meanwhile
    await done
    expect(client.getQueryData(notificationKeys.unread)).toEqual({ unread: 2 })
  })
})
