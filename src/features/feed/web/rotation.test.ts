import { describe, expect, it } from 'vitest'
import type { FeedItem } from '@/features/alerts/contract'
import { newRotation, nextToast, toastDuration } from './rotation'

const item = (type: FeedItem['type'], title: string, endsAt: string | null = null): FeedItem => ({
  type,
  title,
  description: 'description',
  link: '/',
  at: null,
  endsAt,
})

describe('feed rotation', () => {
  it('one type after the other in FEED_TYPES order, skipping empty types, each going through its candidates', () => {
    const items = [
      item('trending', 'Trending: A'),
      item('trending', 'Trending: B'),
      item('price-drop', 'Drop'),
      item('user-activity', 'Joined'),
    ]
    const rotation = newRotation()
    const shown = Array.from({ length: 7 }, () => nextToast(items, rotation, 0)?.title)
    expect(shown).toEqual(['Drop', 'Trending: A', 'Joined', 'Drop', 'Trending: B', 'Joined', 'Drop'])
  })

  it('nothing qualifies: no toast; an item whose window ended no longer shows', () => {
    expect(nextToast([], newRotation(), 0)).toBeNull()
    const ends = '2026-01-31T12:05:00Z'
    const items = [item('limited-time', 'Limited time: Beanstalk', ends)]
    expect(nextToast(items, newRotation(), Date.parse(ends) - 1)?.title).toBe('Limited time: Beanstalk')
    expect(nextToast(items, newRotation(), Date.parse(ends))).toBeNull()
  })

  it('a toast shows 4 to 8 s, longer for longer text', () => {
    const short = toastDuration({ title: 'Trending: Yeti', description: '2 traders', endsAt: null })
    const long = toastDuration({
      title: 'Kitsune dropped in value',
      description: '640M → 600M · Blox Fruits',
      endsAt: null,
    })
    const longest = toastDuration({ title: 'x'.repeat(200), description: 'y'.repeat(200), endsAt: null })
    expect(short).toBe(4_000)
    expect(long).toBeGreaterThan(short)
    expect(long).toBeLessThan(8_000)
    expect(longest).toBe(8_000)
  })
})
