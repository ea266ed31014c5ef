import { useEffect, useState } from 'react'
import { afterHydration } from '@/web/lib/progressive-hydration'

/**
 * The time now, renewed just after every whole second: the one timer of a stock page (every countdown
 * and "12 s ago" of the page reads it).
 */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = () => {
      const at = Date.now()
      setNow(at)
      timer = setTimeout(tick, 1000 - (at % 1000) + 5)
    }
    // The clock starts once the page is taken over (a part waiting its turn shows the server's time).
    const cancel = afterHydration(() => {
      timer = setTimeout(tick, 1000 - (Date.now() % 1000) + 5)
    })
    return () => {
      cancel()
      clearTimeout(timer)
    }
  }, [])
  return now
}
