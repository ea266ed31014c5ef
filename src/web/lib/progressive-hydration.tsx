import {
  Component,
  type ComponentProps,
  type ComponentType,
  createElement,
  type ReactNode,
  Suspense,
} from 'react'
import { nextTask } from './tasks'

/**
 * Progressive hydration (decision 014): taking over the page the server rendered in one go is one
 * long task on a phone. Each `<Hydrate>` part is taken over in a task of its own instead, in the
 * order the page shows them, so a tap or a scroll is never kept waiting long. Until its turn a part
 * is the server's markup, links and all. In Preact, a component that suspends while hydrating keeps
 * the server's markup and is hydrated when its promise settles.
 */

let taking = false
let scheduled = false
const queue: Array<() => void> = []
const whenDone: Array<() => void> = []
/** Code that parts met while taking the page over are loading: the taking over waits for it. */
const loading = new Set<Promise<unknown>>()

/** One part per task; parts found inside a part join the queue in their order. */
function takeNext() {
  const release = queue.shift()
  if (release) {
    release()
    nextTask(takeNext)
    return
  }
  scheduled = false
  // Places waiting for code join the queue when it comes.
  if (loading.size > 0) return
  taking = false
  for (const done of whenDone.splice(0)) done()
}

/**
 * Parts met from now on wait their turn: call it just before hydrating the server's page. The first
 * turn comes in the next task (which ends the taking over at once when the page had no part).
 */
export function beginProgressiveHydration() {
  taking = true
  schedule()
}

function schedule() {
  if (scheduled) return
  scheduled = true
  nextTask(takeNext)
}

/**
 * Runs `done` once every part has been taken over (at once when none is waiting). Until then nothing
 * may change what a part waiting its turn would render (answers from the API, the session, timers,
 * live events): it must render what the server rendered, for Preact keeps the server's attributes.
 * The function it returns cancels `done` (an effect's cleanup).
 */
export function afterHydration(done: () => void): () => void {
  if (!taking) {
    done()
    return () => {}
  }
  whenDone.push(done)
  return () => {
    const at = whenDone.indexOf(done)
    if (at >= 0) whenDone.splice(at, 1)
  }
}

/** Settles once every part has been taken over. */
export const hydrationSettled = () =>
  new Promise<void>((resolve) => {
    afterHydration(resolve)
  })

class Gate extends Component<{ children: ReactNode }> {
  ready = !taking
  waiting: Promise<void> | undefined

  override render() {
    if (this.ready) return this.props.children
    this.waiting ??= new Promise<void>((resolve) => {
      queue.push(() => {
        this.ready = true
        resolve()
      })
      schedule()
    })
    throw this.waiting
  }
}

/** Settles at the turn of one more place in the queue of parts. */
const turn = () =>
  new Promise<void>((resolve) => {
    queue.push(resolve)
    schedule()
  })

/**
 * Like React's `lazy`, for components the server's page may show. Code loaded while the page is taken
 * over is waited for, so the component is taken over before anything changes what it shows; each
 * place that waits for it is then taken over in a turn of its own (a list's fifty buttons at once
 * would be one long task, decision 016). Once the code is here the component renders at once.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React's own lazy
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): T {
  let loaded: T | undefined
  let failure: { error: unknown } | undefined
  let code: Promise<void> | undefined
  const Lazy = (props: ComponentProps<T>) => {
    if (loaded) return createElement(loaded, props)
    if (failure) throw failure.error
    code ??= load().then(
      (module) => {
        loaded = module.default
      },
      (error: unknown) => {
        failure = { error }
      },
    )
    if (!taking) throw code
    const waiting = code.then(turn)
    loading.add(waiting)
    void waiting.then(() => {
      loading.delete(waiting)
      schedule()
    })
    throw waiting
  }
  return Lazy as unknown as T
}

/**
 * A part of the page taken over in a task of its own. `children` must render one element (the
 * markup kept until its turn is one node); elsewhere than on the server's page it renders at once.
 */
export function Hydrate({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  )
}
