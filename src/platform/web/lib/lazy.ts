import { type ComponentType, lazy as reactLazy } from 'react'
import { nextTask } from './tasks'

/** The code React.lazy components asked for that has not come yet. */
const loading = new Set<Promise<unknown>>()

/**
 * React's `lazy`, whose loads are counted: `whenCodeLoaded` tells when the parts of the page have all
 * their code (until then React keeps a part that waits for code as the server sent it, and a tap on it
 * reaches it once it is hydrated).
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React's own lazy
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return reactLazy(() => {
    const code = load()
    loading.add(code)
    const done = () => loading.delete(code)
    code.then(done, done)
    return code
  })
}

/** Settles once no code is loading for two tasks in a row (React renders what came in between). */
export function whenCodeLoaded(): Promise<void> {
  return new Promise((resolve) => {
    let quiet = 0
    const check = () => {
      if (loading.size > 0) {
        quiet = 0
        void Promise.allSettled([...loading]).then(() => nextTask(check))
      } else if (++quiet >= 2) resolve()
      else nextTask(check)
    }
    check()
  })
}
