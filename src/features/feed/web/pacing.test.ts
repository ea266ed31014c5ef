import { describe, expect, it } from 'vitest'
import { type Box, coversAny, FEED_GAP_MS, feedToastArea, mayShowFeedToast } from './pacing'

const moment = (over: Partial<Parameters<typeof mayShowFeedToast>[0]>) => ({
  viewport: 'phone' as const,
  sinceLastMs: null,
  busy: false,
  covered: false,
  ...over,
})

describe('when a feed toast may show', () => {
  it('on a phone at most one a minute; on a wider screen one a turn (15 s)', () => {
    expect(FEED_GAP_MS).toEqual({ phone: 60_000, wide: 15_000 })
    expect(mayShowFeedToast(moment({ sinceLastMs: null }))).toBe(true)
    expect(mayShowFeedToast(moment({ sinceLastMs: 15_000 }))).toBe(false)
    expect(mayShowFeedToast(moment({ sinceLastMs: 59_999 }))).toBe(false)
    expect(mayShowFeedToast(moment({ sinceLastMs: 60_000 }))).toBe(true)
    expect(mayShowFeedToast(moment({ viewport: 'wide', sinceLastMs: 15_000 }))).toBe(true)
    expect(mayShowFeedToast(moment({ viewport: 'wide', sinceLastMs: 14_999 }))).toBe(false)
  })

  it('never while the visitor types (a field has the focus) or a dialog is open, on any screen', () => {
    expect(mayShowFeedToast(moment({ busy: true }))).toBe(false)
    expect(mayShowFeedToast(moment({ viewport: 'wide', busy: true, sinceLastMs: 120_000 }))).toBe(false)
  })

  it('never where it would cover a heading or a form', () => {
    expect(mayShowFeedToast(moment({ covered: true }))).toBe(false)
    expect(mayShowFeedToast(moment({ viewport: 'wide', covered: true }))).toBe(false)
  })
})

describe('where a feed toast shows', () => {
  it('on a phone (390 px): a small box in the bottom-left corner, clear of the header and the top of the page', () => {
    const area = feedToastArea('phone', { width: 390, height: 844 })
    expect(area.left).toBe(16)
    expect(area.right - area.left).toBeLessThanOrEqual(320)
    expect(area.bottom).toBe(844 - 16)
    // The lower part of the screen only: the page's heading under the header is never under it.
    expect(area.top).toBeGreaterThan(844 / 2)
  })

  it('on a wider screen: the bottom-left corner, as sonner places it', () => {
    expect(feedToastArea('wide', { width: 1280, height: 800 })).toEqual({
      left: 24,
      right: 24 + 356,
      top: 800 - 24 - 112,
      bottom: 800 - 24,
    })
  })

  it('covers a heading or a form it overlaps, not one beside it nor a visually hidden one', () => {
    const area: Box = { left: 16, right: 336, top: 700, bottom: 828 }
    const box = (left: number, top: number, width: number, height: number): Box => ({
      left,
      top,
      right: left + width,
      bottom: top + height,
    })
    expect(coversAny(area, [box(16, 690, 200, 30)])).toBe(true)
    expect(coversAny(area, [box(16, 100, 300, 40), box(340, 720, 40, 40)])).toBe(false)
    expect(coversAny(area, [box(16, 660, 300, 40)])).toBe(false) // ends at 700: touching, not under it
    expect(coversAny(area, [box(20, 720, 1, 1)])).toBe(false) // a screen reader's heading (sr-only)
    expect(coversAny(area, [])).toBe(false)
  })
})
