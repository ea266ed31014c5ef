import { describe, expect, it } from 'vitest'
import type { Notification, NotificationsResponse } from '@/features/notifications/contract'
import { badgeText, bellLabel, markRead } from './view'

describe('marking notifications read', () => {
  const note = (id: number, readAt: string | null = null): Notification => ({
    id,
    kind: 'restock',
    game: 'grow-a-garden',
    item: 'carrot',
    title: `Carrot is in stock (${id})`,
    body: 'Seed Shop, ×3',
    link: '/grow-a-garden-stock',
    createdAt: '2026-01-01T00:00:00.000Z',
    readAt,
  })
  const page: NotificationsResponse = {
    notifications: [note(3), note(2), note(1, '2026-01-01T00:01:00.000Z')],
    page: 1,
    pageCount: 1,
    total: 3,
    unread: 2,
  }
  const now = new Date('2026-01-02T00:00:00.000Z')

  it('marks the ones named and counts them off', () => {
    const next = markRead(page, [2], now)
    expect(next.notifications.map((n) => n.readAt)).toEqual([
      null,
      now.toISOString(),
      '2026-01-01T00:01:00.000Z',
    ])
    expect(next.unread).toBe(1)
  })
  it('marks all when no ids are given, keeping the time of those read before', () => {
    const next = markRead(page, undefined, now)
    expect(next.notifications.map((n) => n.readAt)).toEqual([
      now.toISOString(),
      now.toISOString(),
      '2026-01-01T00:01:00.000Z',
    ])
    expect(next.unread).toBe(0)
  })
  it('changes nothing for ids already read or on another page', () => {
    expect(markRead(page, [1, 99], now)).toBe(page)
  })
})

describe('the bell', () => {
  it('says how many are unread', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread')
    expect(bellLabel(0)).toBe('Notifications')
    expect(badgeText(7)).toBe('7')
    expect(badgeText(120)).toBe('99+')
  })
})
