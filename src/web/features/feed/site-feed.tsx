import { lazy, Suspense, useEffect, useState } from 'react'
import { useFeedOn } from './use-feed-on'

const FeedRunner = lazy(() => import('./components/feed-runner'))

/**
 * The site feed, mounted once in the shell: its code loads after the page has painted (not in the
 * entry bundle), and not at all while the visitor has the feed switched off.
 */
export function SiteFeed() {
  const on = useFeedOn()
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    // After the first paint: the next frame, then a task.
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  if (!painted || !on) return null
  return (
    <Suspense fallback={null}>
      <FeedRunner />
    </Suspense>
  )
}
