import { useEffect, useState } from 'react'

let hydrated = false

/**
 * False while the page the server rendered is being taken over (and on the server), true from then
 * on: what only the browser knows (its storage, a session it remembers) is shown after the first
 * render, so the markup the browser takes over is the markup the server sent.
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated)
  useEffect(() => {
    hydrated = true
    setValue(true)
  }, [])
  return value
}
