import { useCallback, useState } from 'react'

/** How near the screen a part of the page counts as seen: a little ahead of a trader's scrolling. */
export const NEAR_SCREEN = '200px 0px'

/**
 * Whether the element given to the ref has come near the screen (within `margin`): for parts of a
 * page only the browser shows, whose code and requests are not needed before a trader scrolls to them
 * (not in a phone's first seconds). Where IntersectionObserver is missing, at once.
 */
export function useSeen(margin = NEAR_SCREEN): [ref: (element: Element | null) => void, seen: boolean] {
  const [seen, setSeen] = useState(false)
  const ref = useCallback(
    (element: Element | null) => {
      if (!element || seen) return
      if (typeof IntersectionObserver === 'undefined') {
        setSeen(true)
        return
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect()
            setSeen(true)
          }
        },
        { rootMargin: margin },
      )
      observer.observe(element)
      return () => observer.disconnect()
    },
    [seen, margin],
  )
  return [ref, seen]
}
