import { Suspense } from 'react'
import { FEED_TIMING } from '@/features/alerts/feed-timing'
import { useIdle, useLoadedFor } from '@/platform/web/lib/idle'
import { lazy } from '@/platform/web/lib/lazy'
import { useFeedOn } from './use-feed-on'

const FeedRunner = lazy(() => import('./components/feed-runner'))

/**
 * The site feed, mounted once in the shell: its code and its request come at its first turn (its first
 * toast is due `FEED_TIMING.firstMs` after the page started loading) once the browser is idle, not
 * while the page loads and is taken over; and not at all while the visitor has the feed switched off.
 */
export function SiteFeed() {
  const on = useFeedOn()
  const idle = useIdle()
  const due = useLoadedFor(FEED_TIMING.firstMs)
  if (!idle || !due || !on) return null
  return (
    <Suspense fallback={null}>
      <FeedRunner />
    </Suspense>
  )
}
