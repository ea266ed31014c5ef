import { useCallback, useState } from 'react'

/**
 * Whether the element given to the ref has come near the screen (within `margin`): for parts of a
 * page only the browser shows, whose code and requests are not needed before a trader scrolls to them.
 * Where IntersectionObserver is missing, at once.
 */
export function useSeen(margin = '600px'): [ref: (element: Element | null) => void, seen: boolean] {
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
