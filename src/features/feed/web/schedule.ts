import type { FeedItem } from '@/features/alerts/contract'
import { FEED_TIMING } from '@/features/alerts/rules'
import { type FeedViewport, mayShowFeedToast } from './pacing'
import { newRotation, nextToast } from './rotation'

/** What the feed's clock needs of the page; the browser's in the app, a made-up one in tests. */
export interface FeedPage {
  /** The candidates, or undefined before the first answer. */
  items(): readonly FeedItem[] | undefined
  /** Milliseconds since the page loaded (performance.now()). */
  sinceLoad(): number
  hidden(): boolean
  /** The visitor is busy: a dialog is open, or a form field has focus (a toast would cover it). */
  busy(): boolean
  /** A phone or a wider screen (the feed's pace: pacing.ts). */
  viewport(): FeedViewport
  /** A heading or a form is where the toast would show. */
  covered(): boolean
  show(item: FeedItem): void
  /** Calls back on visibilitychange; returns the unsubscribe. */
  onVisibilityChange(listener: () => void): () => void
}

/**
 * The feed's clock: a turn firstMs after the page loaded, then every everyMs, one type after the
 * other. A toast due before the first answer shows when it arrives (`arrived`). A turn shows a toast
 * only as `mayShowFeedToast` allows: none while the visitor is busy (a dialog open, a field focused),
 * none over a heading or a form, on a phone none within a minute of the last; that turn is skipped.
 * None while the tab is hidden, and the clock starts again when it is shown.
 */
export function startFeed(page: FeedPage): { arrived(): void; stop(): void } {
  const rotation = newRotation()
  let shown = 0
  /** When the last toast showed (sinceLoad), or null. */
  let lastAt: number | null = null
  let waiting = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const schedule = (ms: number) => {
    clearTimeout(timer)
    timer = setTimeout(tick, ms)
  }
  function tick() {
    if (page.hidden()) return
    const items = page.items()
    if (!items) {
      waiting = true
      return
    }
    schedule(FEED_TIMING.everyMs)
    const now = page.sinceLoad()
    const allowed = mayShowFeedToast({
      viewport: page.viewport(),
      sinceLastMs: lastAt === null ? null : now - lastAt,
      busy: page.busy(),
      covered: page.covered(),
    })
    if (!allowed) return
    const item = nextToast(items, rotation, Date.now())
    if (!item) return
    shown++
    lastAt = now
    page.show(item)
  }
  const unsubscribe = page.onVisibilityChange(() => {
    if (page.hidden()) clearTimeout(timer)
    else schedule(shown === 0 ? Math.max(0, FEED_TIMING.firstMs - page.sinceLoad()) : FEED_TIMING.everyMs)
  })
  schedule(Math.max(0, FEED_TIMING.firstMs - page.sinceLoad()))
  return {
    arrived() {
      if (!waiting) return
      waiting = false
      tick()
    },
    stop() {
      clearTimeout(timer)
      unsubscribe()
    },
  }
}
