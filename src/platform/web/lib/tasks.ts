/**
 * The app's start split over tasks, so that none keeps a phone's main thread long (decision 016). A message on a
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
