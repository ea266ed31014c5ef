import { Suspense } from 'react'
import { useIdle } from '@/platform/web/lib/idle'
import { lazy } from '@/platform/web/lib/lazy'
import { useFeedOn } from './use-feed-on'

const FeedRunner = lazy(() => import('./components/feed-runner'))

/**
 * The site feed, mounted once in the shell: its code loads once the browser is idle after the page
 * was taken over (not in the entry bundle, not in a phone's first seconds), and not at all while the
 * visitor has the feed switched off.
 */
export function SiteFeed() {
  const on = useFeedOn()
  // In the browser once it is idle, when this browser has the feed on.
  const started = useIdle()
  if (!started || !on) return null
  return (
    <Suspense fallback={null}>
      <FeedRunner />
    </Suspense>
  )
}
