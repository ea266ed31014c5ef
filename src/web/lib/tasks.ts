/**
 * Work split over tasks, so that none keeps a phone's main thread long (decision 016). A message on a
 * channel comes in the next task without the clamping nested timers get; the one channel is kept for
 * the page's life, so that no message is lost with a channel the garbage collector took.
 */
const waiting: Array<() => void> = []
let channel: MessageChannel | undefined

export function nextTask(run: () => void) {
  if (!channel) {
    channel = new MessageChannel()
    channel.port1.onmessage = () => waiting.shift()?.()
  }
  waiting.push(run)
  channel.port2.postMessage(null)
}

/** Settles in the next task: `await yieldTask()` between two long steps lets the page breathe. */
export const yieldTask = () => new Promise<void>((resolve) => nextTask(resolve))

/**
 * Runs the queued callbacks a few per task: as many as kept the previous task under `budgetMs` (the
 * renders they start, which run at the end of the task, included). Starts at `first` per task.
 */
export function createSlicedQueue({ budgetMs = 6, first = 4 } = {}) {
  const queue: Array<() => void> = []
  let perTask = first
  let sliceStart = 0
  const slice = () => {
    const now = performance.now()
    // How long the previous slice took, its renders included: fewer callbacks when it ran long.
    if (sliceStart)
      perTask = now - sliceStart > budgetMs ? Math.max(1, perTask >> 1) : Math.min(64, perTask * 2)
    sliceStart = now
    for (const callback of queue.splice(0, perTask)) {
      try {
        callback()
      } catch (error) {
        // Told as an uncaught error (as the query library's own timer would), after the others ran.
        queueMicrotask(() => {
          throw error
        })
      }
    }
    if (queue.length > 0) nextTask(slice)
    else sliceStart = 0
  }
  return (callback: () => void) => {
    queue.push(callback)
    if (queue.length === 1 && !sliceStart) nextTask(slice)
  }
}
