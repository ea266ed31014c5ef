import { type ReactNode, Suspense, useEffect, useId, useState } from 'react'
import { whenCodeLoaded } from './lazy'

/**
 * The parts of the page the server rendered that React has not hydrated yet. A part counts itself when
 * it first renders (its parent is hydrated by then) and is done when its content has been hydrated.
 */
const waiting = new Set<string>()
/** Only the browser hydrates (the server's renderer never counts a part). */
let hydrating = typeof window !== 'undefined'
const onAllHydrated: Array<() => void> = []

function Hydrated({ id }: { id: string }) {
  useEffect(() => {
    waiting.delete(id)
    if (waiting.size === 0) for (const done of onAllHydrated.splice(0)) done()
  }, [id])
  return null
}

/**
 * A part of a page: a Suspense boundary React hydrates in tasks of its own, after the first commit
 * (the part a trader touches first going first). Anywhere but in the page the server sent, a plain
 * Suspense boundary.
 */
export function Part({ children }: { children: ReactNode }) {
  const id = useId()
  const [counted] = useState(() => {
    if (hydrating) waiting.add(id)
    return hydrating
  })
  return (
    <Suspense>
      {children}
      {counted && <Hydrated id={id} />}
    </Suspense>
  )
}

/**
 * Settles once every part of the page the server sent is hydrated and has its code (what the browser
 * journeys wait for, as `data-app="ready"`); parts rendered from then on are not waited for.
 */
export async function whenHydrated(): Promise<void> {
  for (;;) {
    await whenCodeLoaded()
    if (waiting.size > 0) await new Promise<void>((resolve) => onAllHydrated.push(resolve))
    else break
  }
  hydrating = false
}
