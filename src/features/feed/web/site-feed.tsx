import { Suspense } from 'react'
import { lazy } from '@/platform/web/lib/lazy'
import { useIsBrowser } from '@/platform/web/lib/now'
import { useFeedOn } from './use-feed-on'

const FeedRunner = lazy(() => import('./components/feed-runner'))

/**
 * The site feed, mounted once in the shell: its code loads after the page has painted (not in the
 * entry bundle), and not at all while the visitor has the feed switched off.
 */
export function SiteFeed() {
  const on = useFeedOn()
  // In the browser once the page is hydrated, when this browser has the feed on.
  const started = useIsBrowser()
  if (!started || !on) return null
  return (
    <Suspense fallback={null}>
      <FeedRunner />
    </Suspense>
  )
}
