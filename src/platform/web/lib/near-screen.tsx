import type { ReactNode } from 'react'
import { useIsBrowser } from './now'
import { useSeen } from './use-seen'

/**
 * What only the browser shows, once a trader scrolls near it (`useSeen`), or at once when `now`: a
 * page's later sections, whose code and requests are not needed in a phone's first seconds. Nothing on
 * the server; an empty marker until then.
 */
export function NearScreen({ children, now = false }: { children: ReactNode; now?: boolean }) {
  const browser = useIsBrowser()
  const [sentinel, seen] = useSeen()
  if (!browser) return null
  if (!seen && !now) return <div ref={sentinel} />
  return children
}
