import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FeedItem } from '@/features/alerts/contract'
import type { FeedViewport } from './pacing'
import { type FeedPage, startFeed } from './schedule'

const item = (type: FeedItem['type'], title: string): FeedItem => ({
  type,
  title,
  description: '',
  link: '/',
  at: null,
  endsAt: null,
})

/** A page whose state the test sets, that records the toasts it is asked to show. */
function page(items: readonly FeedItem[] | undefined) {
  const shown: string[] = []
  let onVisibility = () => {}
  const state = {
    items,
    hidden: false,
    busy: false,
    covered: false,
    viewport: 'wide' as FeedViewport,
    loadedAt: Date.now(),
  }
  const feedPage: FeedPage = {
    items: () => state.items,
    sinceLoad: () => Date.now() - state.loadedAt,
    hidden: () => state.hidden,
    busy: () => state.busy,
    viewport: () => state.viewport,
    covered: () => state.covered,
    show: (i) => shown.push(i.title),
    onVisibilityChange: (listener) => {
      onVisibility = listener
      return () => {
        onVisibility = () => {}
      }
    },
  }
  const setHidden = (hidden: boolean) => {
    state.hidden = hidden
    onVisibility()
  }
  return { state, shown, feedPage, setHidden }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the feed clock', () => {
  const items = [item('price-drop', 'Drop'), item('trending', 'Trending: Yeti')]

  it('first toast 3 s after load, then one every 15 s, types in rotation', () => {
    const p = page(items)
    vi.advanceTimersByTime(1_000) // the code arrived a second after the page loaded
    const feed = startFeed(p.feedPage)
    vi.advanceTimersByTime(1_999)
    expect(p.shown).toEqual([])
    vi.advanceTimersByTime(1)
    expect(p.shown).toEqual(['Drop'])
    vi.advanceTimersByTime(14_999)
    expect(p.shown).toEqual(['Drop'])
    vi.advanceTimersByTime(1)
    expect(p.shown).toEqual(['Drop', 'Trending: Yeti'])
    vi.advanceTimersByTime(15_000)
    expect(p.shown).toEqual(['Drop', 'Trending: Yeti', 'Drop'])
    feed.stop()
    vi.advanceTimersByTime(60_000)
    expect(p.shown).toHaveLength(3)
  })

  it('nothing qualifies: never a toast', () => {
    const p = page([])
    startFeed(p.feedPage)
    vi.advanceTimersByTime(120_000)
    expect(p.shown).toEqual([])
  })

  it('a toast due before the first answer shows when the answer arrives', () => {
    const p = page(undefined)
    const feed = startFeed(p.feedPage)
    vi.advanceTimersByTime(10_000)
    expect(p.shown).toEqual([])
    p.state.items = items
    feed.arrived()
    expect(p.shown).toEqual(['Drop'])
    vi.advanceTimersByTime(15_000)
    expect(p.shown).toEqual(['Drop', 'Trending: Yeti'])
  })

  it('no toast while the visitor is busy (a dialog open, a field focused); the next one comes at its time after', () => {
    const p = page(items)
    startFeed(p.feedPage)
    p.state.busy = true
    vi.advanceTimersByTime(3_000 + 15_000)
    expect(p.shown).toEqual([])
    p.state.busy = false
    vi.advanceTimersByTime(14_999)
    expect(p.shown).toEqual([])
    vi.advanceTimersByTime(1)
    expect(p.shown).toEqual(['Drop'])
  })

  it('on a phone, one toast a minute at most: the turns between are skipped', () => {
    const p = page(items)
    p.state.viewport = 'phone'
    startFeed(p.feedPage)
    vi.advanceTimersByTime(3_000)
    expect(p.shown).toEqual(['Drop'])
    vi.advanceTimersByTime(45_000) // the turns at 18, 33 and 48 s
    expect(p.shown).toEqual(['Drop'])
    vi.advanceTimersByTime(15_000) // 63 s: a minute after the first
    expect(p.shown).toEqual(['Drop', 'Trending: Yeti'])
    vi.advanceTimersByTime(59_999)
    expect(p.shown).toHaveLength(2)
  })

  it('on a phone, a field focused keeps every toast away, and the minute counts from the last one shown', () => {
    const p = page(items)
    p.state.viewport = 'phone'
    p.state.busy = true
    startFeed(p.feedPage)
    vi.advanceTimersByTime(3_000 + 60_000)
    expect(p.shown).toEqual([])
    p.state.busy = false
    vi.advanceTimersByTime(15_000) // none shown yet: the next turn may show one
    expect(p.shown).toEqual(['Drop'])
  })

  it('no toast where it would cover a heading or a form; the next turn shows one once it is clear', () => {
    const p = page(items)
    p.state.covered = true
    startFeed(p.feedPage)
    vi.advanceTimersByTime(3_000 + 15_000)
    expect(p.shown).toEqual([])
    p.state.covered = false
    vi.advanceTimersByTime(15_000)
    expect(p.shown).toEqual(['Drop'])
  })

  it('pauses while the tab is hidden and starts again when it is shown', () => {
    const p = page(items)
    startFeed(p.feedPage)
    vi.advanceTimersByTime(3_000)
    expect(p.shown).toEqual(['Drop'])
    p.setHidden(true)
    vi.advanceTimersByTime(5 * 60_000)
    expect(p.shown).toEqual(['Drop'])
    p.setHidden(false)
    vi.advanceTimersByTime(14_999)
    expect(p.shown).toEqual(['Drop'])
    vi.advanceTimersByTime(1)
    expect(p.shown).toEqual(['Drop', 'Trending: Yeti'])
  })
})
