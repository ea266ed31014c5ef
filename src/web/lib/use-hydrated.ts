import { type ReactNode, useEffect, useState } from 'react'
import { afterHydration } from './progressive-hydration'

let hydrated = false

/**
 * False while the page the server rendered is being taken over, every part of it (and on the
 * server), true from then on: what only the browser knows (its storage, a session it remembers) is
 * shown after that, so the markup the browser takes over is the markup the server sent.
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated)
  useEffect(
    () =>
      afterHydration(() => {
        hydrated = true
        setValue(true)
      }),
    [],
  )
  return value
}

/** Its children once the app has taken the page over: only this part renders again then. */
export function BrowserOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null
}
