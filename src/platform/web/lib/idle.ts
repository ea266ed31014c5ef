import { useEffect, useState, useSyncExternalStore } from 'react'

/**
 * Whether the browser has been idle since the page was taken over: what is not on the first screen and
 * not asked for (the site feed, a section a trader has not scrolled to) waits for it, so that a phone's
 * first seconds go to what the trader sees. Where `requestIdleCallback` is missing (Safari), a short
 * timer stands in. Never on the server, nor while React hydrates the server's markup.
 */
let idle = false
const listeners = new Set<() => void>()
let asked = false

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (!asked) {
    asked = true
    const settle = () => {
      idle = true
      for (const notify of [...listeners]) notify()
    }
    // A page that keeps the main thread busy still gets its late parts within a few seconds.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(settle, { timeout: 4000 })
    else setTimeout(settle, 1000)
  }
  return () => listeners.delete(listener)
}

export const useIdle = () =>
  useSyncExternalStore(
    subscribe,
    () => idle,
    () => false,
  )

/**
 * Whether `ms` have passed since the page started loading (`performance.now()`): for what has a time
 * of its own after the load (the site feed's first turn), whose code and requests wait for it. False
 * on the server and in the render that takes the server's page over.
 */
export function useLoadedFor(ms: number): boolean {
  const [passed, setPassed] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), Math.max(0, ms - performance.now()))
    return () => clearTimeout(timer)
  }, [ms])
  return passed
}
