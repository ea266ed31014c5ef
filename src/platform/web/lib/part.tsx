import { type ReactNode, Suspense, use, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { whenCodeLoaded } from './lazy'
import { NEAR_SCREEN } from './use-seen'

/**
 * The parts of the page the server rendered that React has not hydrated yet. A part counts itself when
 * it is first committed (its parent is hydrated by then) and is done when its content has been hydrated,
 * when it is found to be off the screen (it hydrates when it comes near it or is touched) or when it is
 * gone.
 */
const waiting = new Set<string>()
/** Only the browser hydrates (the server's renderer never counts a part). */
let hydrating = typeof window !== 'undefined'
const onAllHydrated: Array<() => void> = []

function done(id: string) {
  waiting.delete(id)
  if (waiting.size === 0) for (const resolve of onAllHydrated.splice(0)) resolve()
}

function Hydrated({ id }: { id: string }) {
  useEffect(() => done(id), [id])
  return null
}

/**
 * What a part of the page the server sent waits for before React hydrates it: a thenable React's `use`
 * suspends on while it is closed (React keeps the server's markup). Opening it calls its listeners at
 * once, React's among them, so that React reads it as settled in the same task: a tap that opened it
 * hydrates the part synchronously, and React replays the tap to it.
 */
interface Gate {
  /** A thenable's `then`: calls back once the gate is open (at once when it is). */
  then: (onOpen?: (() => unknown) | null) => void
  open: () => void
  isOpen: () => boolean
  /** The part's top-level elements, once known (a touch inside one of them opens the gate). */
  elements: Element[]
}

function newGate(): Gate {
  let listeners: Array<() => void> | null = []
  const gate: Gate = {
    elements: [],
    isOpen: () => listeners === null,
    // biome-ignore lint/suspicious/noThenProperty: a thenable for React's `use`, which reads one that settles synchronously without suspending
    then(onOpen) {
      if (!onOpen) return
      if (listeners) listeners.push(onOpen)
      else onOpen()
    },
    open() {
      const waiting = listeners
      if (!waiting) return
      listeners = null
      closed.delete(gate)
      for (const listener of waiting) listener()
    },
  }
  closed.add(gate)
  return gate
}

/** The gates not open yet, for the touch listener and for a navigation (which opens them all). */
const closed = new Set<Gate>()

/** Opens every gate: before the app renders the page again (a navigation), nothing may stay behind one. */
export function openEveryPart() {
  for (const gate of [...closed]) gate.open()
}

let touchListening = false
/**
 * A tap, a focus or a key inside a part not hydrated yet opens its gate before React sees the event
 * (this listener is on the window, React's on the root): React then hydrates the part at once and
 * dispatches the event to it.
 */
function listenForTouches() {
  if (touchListening) return
  touchListening = true
  const onTouch = (event: Event) => {
    const target = event.target
    if (!(target instanceof Node)) return
    for (const gate of [...closed]) if (gate.elements.some((element) => element.contains(target))) gate.open()
  }
  for (const type of ['pointerdown', 'mousedown', 'touchstart', 'focusin', 'keydown', 'click'])
    window.addEventListener(type, onTouch, { capture: true, passive: true })
}

let seenObserver: IntersectionObserver | undefined
/** Each observed element's part, and how many of its part's elements have not been reported yet. */
const partOf = new WeakMap<Element, { gate: Gate; id: string; unreported: Set<Element> }>()

/**
 * Opens the gate once one of the part's elements comes near the screen. A part found off the screen
 * when the page is taken over is not waited for (`whenHydrated`).
 */
function observe(gate: Gate, id: string) {
  if (typeof IntersectionObserver === 'undefined' || gate.elements.length === 0) {
    gate.open()
    return
  }
  seenObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const part = partOf.get(entry.target)
        if (!part) continue
        part.unreported.delete(entry.target)
        if (entry.isIntersecting) {
          part.gate.open()
          for (const element of part.gate.elements) seenObserver?.unobserve(element)
        } else if (part.unreported.size === 0 && !part.gate.isOpen()) done(part.id)
      }
    },
    { rootMargin: NEAR_SCREEN },
  )
  const part = { gate, id, unreported: new Set(gate.elements) }
  for (const element of gate.elements) {
    partOf.set(element, part)
    seenObserver.observe(element)
  }
}

/** The elements between a part's two markers: what the server sent for it (the markers' own kind aside). */
function elementsBetween(start: Element, end: Element): Element[] {
  const elements: Element[] = []
  for (let node = start.nextElementSibling; node && node !== end; node = node.nextElementSibling)
    if (!(node instanceof HTMLTemplateElement)) elements.push(node)
  return elements
}

/** Renders its children once the gate is open; until then React keeps what the server sent. */
function Gated({ gate, children }: { gate: Gate; children: ReactNode }) {
  // React reads any thenable; PromiseLike's type also asks `then` for a result React does not use.
  use(gate as unknown as PromiseLike<void>)
  return children
}

/**
 * A part of a page: a Suspense boundary React hydrates in tasks of its own, after the first commit
 * (the part a trader touches first going first). In the page the server sent, a part hydrates only once
 * it comes near the screen, is touched (a tap, a focus, a key) or is rendered again by its parent (React
 * would otherwise render it afresh, blank while it waits); its code loads with its parent's. Anywhere
 * but in the page the server sent, a plain Suspense boundary.
 */
export function Part({ children }: { children: ReactNode }) {
  const id = useId()
  const [gate] = useState(() => (hydrating ? newGate() : undefined))
  const start = useRef<HTMLTemplateElement>(null)
  const end = useRef<HTMLTemplateElement>(null)
  const rendered = useRef(false)
  // Rendered again by its parent (new children): hydrated now, with them.
  if (rendered.current) gate?.open()
  useLayoutEffect(() => {
    rendered.current = true
  })
  // Counted once committed (a render React discards counts nothing), until hydrated or gone.
  useLayoutEffect(() => {
    if (!gate) return
    waiting.add(id)
    return () => done(id)
  }, [gate, id])
  useLayoutEffect(() => {
    if (!gate || !start.current || !end.current || gate.isOpen()) return
    // Nothing between the markers: React rendered the part itself (nothing of the server's to keep).
    const elements = elementsBetween(start.current, end.current)
    if (elements.length === 0) return gate.open()
    gate.elements = elements
    listenForTouches()
    observe(gate, id)
  }, [gate, id])
  return (
    <>
      {/* Mark where the part starts and ends, for the gate (in the server's page and the browser's alike). */}
      <template ref={start} />
      <Suspense>
        {gate ? <Gated gate={gate}>{children}</Gated> : children}
        {gate && <Hydrated id={id} />}
      </Suspense>
      <template ref={end} />
    </>
  )
}

/**
 * Settles once every part of the page the server sent that is on the screen is hydrated and has its
 * code (what the browser journeys wait for, as `data-app="ready"`); parts rendered from then on, and
 * parts off the screen, are not waited for.
 */
export async function whenHydrated(): Promise<void> {
  for (;;) {
    await whenCodeLoaded()
    if (waiting.size > 0) await new Promise<void>((resolve) => onAllHydrated.push(resolve))
    else break
  }
  hydrating = false
}
