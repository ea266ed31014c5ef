/**
 * The feed's manners (docs/decisions/026-feed-out-of-the-way.md): how often a toast may show on each
 * screen, never while the visitor types, and never over a heading or a form. Pure: the clock
 * (schedule.ts) asks it at each turn, the runner measures the page for it.
 */
import { FEED_TIMING } from '@/features/alerts/rules'

/** A phone (sonner lays toasts out for phones up to 600 px wide) or a wider screen. */
export type FeedViewport = 'phone' | 'wide'

/** The media query of a phone's screen, as sonner's stylesheet has it. */
export const PHONE_QUERY = '(max-width: 600px)'

/** The least time between two feed toasts: one a minute on a phone, one a turn on a wider screen. */
export const FEED_GAP_MS: Record<FeedViewport, number> = { phone: 60_000, wide: FEED_TIMING.everyMs }

/** What a turn of the feed looks at. */
export interface FeedMoment {
  viewport: FeedViewport
  /** Milliseconds since the last feed toast showed; null before the first. */
  sinceLastMs: number | null
  /** The visitor is busy: a form field has the focus (typing) or a dialog is open. */
  busy: boolean
  /** A heading or a form is where the toast would show (coversAny). */
  covered: boolean
}

/** Whether a feed toast may show now: not too soon after the last one, never in the visitor's way. */
export function mayShowFeedToast(m: FeedMoment): boolean {
  if (m.busy || m.covered) return false
  return m.sinceLastMs === null || m.sinceLastMs >= FEED_GAP_MS[m.viewport]
}

/** A box on the screen, in CSS pixels from its top-left corner (a DOMRect is one). */
export interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

/** How tall a feed toast is taken to be before it shows: a title, a line or two, the Turn off button. */
const TOAST_HEIGHT = 112
/** Sonner's offsets from the screen's edges (16 px on a phone, 24 px wider) and its toast's width. */
const PHONE_OFFSET = 16
const WIDE_OFFSET = 24
const WIDE_WIDTH = 356
/** A feed toast on a phone is small: at most 20rem wide (its class in the runner says the same). */
const PHONE_MAX_WIDTH = 320

/**
 * Where a feed toast shows: the bottom-left corner, on a phone small and above the screen's bottom
 * edge, in the lower part of the screen and so never over the page's heading under the header.
 */
export function feedToastArea(viewport: FeedViewport, screen: { width: number; height: number }): Box {
  const offset = viewport === 'phone' ? PHONE_OFFSET : WIDE_OFFSET
  const width = viewport === 'phone' ? Math.min(PHONE_MAX_WIDTH, screen.width - 2 * PHONE_OFFSET) : WIDE_WIDTH
  const bottom = screen.height - offset
  return { left: offset, right: offset + width, top: bottom - TOAST_HEIGHT, bottom }
}

/**
 * Whether the area covers any of these boxes (headings and forms): boxes that only touch it do not
 * count, nor a visually hidden one (a heading for screen readers is 1 px).
 */
export function coversAny(area: Box, boxes: readonly Box[]): boolean {
  return boxes.some(
    (b) =>
      b.right - b.left > 1 &&
      b.bottom - b.top > 1 &&
      b.left < area.right &&
      area.left < b.right &&
      b.top < area.bottom &&
      area.top < b.bottom,
  )
}
