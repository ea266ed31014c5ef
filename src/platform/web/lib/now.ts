import { createContext, useContext, useRef, useSyncExternalStore } from 'react'

/**
 * The time a page was rendered at: the server's renderer and the browser that takes its page over
 * (from the data block) provide the same, so text that depends on the time ("3 hours ago", a restock
 * countdown) hydrates as the server wrote it; the browser's own time comes right after.
 */
const RenderTime = createContext(0)
export const RenderTimeProvider = RenderTime.Provider

const noSubscription = () => () => {}
const MINUTE = 60_000
const toMinute = (time: number) => time - (time % MINUTE)
/** When this page was opened in the browser: the "now" of texts that need no ticking. */
const openedAt = Date.now()
const openedMinute = toMinute(openedAt)

/**
 * Now to the minute, for texts like "3 hours ago": the minute the page was rendered in while it is
 * hydrated, then the browser's. They differ for a page the server kept from an earlier minute: the
 * component that reads it renders again, so the text that shows the time reads it (`Ago`), not the page
 * around it (which would render again whole, hydrating every part it holds).
 */
export function useRenderNow(): number {
  const rendered = useContext(RenderTime)
  return useSyncExternalStore(
    noSubscription,
    () => openedMinute,
    () => toMinute(rendered || openedAt),
  )
}

let now = openedAt
let timer: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<() => void>()

/**
 * The clock starts at the time the server rendered the page (start.tsx, from the data block): the page
 * hydrates without a render of its own, and the first tick brings the browser's time.
 */
export function startClockAt(renderedAt: number): void {
  now = renderedAt
}

function tick() {
  now = Date.now()
  for (const listener of listeners) listener()
  timer = setTimeout(tick, 1000 - (now % 1000) + 5)
}

function subscribeSeconds(listener: () => void): () => void {
  listeners.add(listener)
  if (listeners.size === 1) {
    const at = Date.now()
    // A clock stopped long ago (a page opened later in the visit) is put right at once.
    timer = setTimeout(tick, at - now > 1500 ? 0 : 1000 - (at % 1000) + 5)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) clearTimeout(timer)
  }
}

/**
 * The time now, renewed just after every whole second while a component reads it: the one timer of a
 * stock page (every countdown and "12 s ago" of the page reads it).
 */
export function useNow(): number {
  const rendered = useContext(RenderTime)
  return useSyncExternalStore(
    subscribeSeconds,
    () => now,
    () => rendered || now,
  )
}

/**
 * The seconds clock for a component that looks different only at certain instants (a shop's restock,
 * the weather ending), told by `changesAt(time)`: it renders again when the clock passes the next one,
 * not every second; the texts that count keep their own time (`useNow`).
 */
export function useNowUntil(changesAt: (time: number) => number): number {
  const rendered = useContext(RenderTime)
  const held = useRef<number | null>(null)
  return useSyncExternalStore(
    subscribeSeconds,
    () => {
      if (held.current === null || now >= changesAt(held.current)) held.current = now
      return held.current
    },
    () => rendered || now,
  )
}

/**
 * True in the browser once the page is hydrated (false on the server and while React hydrates the
 * server's markup): for parts that only the browser shows.
 */
export const useIsBrowser = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
