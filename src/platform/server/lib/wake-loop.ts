import type { Database } from '@/platform/server/db/client'
import type { Logger } from '@/platform/server/lib/logger'

export interface WakeLoopOptions {
  /** Wakes on each NOTIFY of this channel (every instance's inserts announce work there). */
  listen?: { database: Database; channel: string }
  /** Safety net: work that comes due with time, or a NOTIFY that was missed. */
  pollMs: number
  logger: Logger
  /** What a failed round is logged as. */
  failure: string
  /** One round of work: it runs until nothing is left, checking `stopped` between items. */
  drain(loop: { readonly stopped: boolean }): Promise<void>
}

/**
 * The heart of a background worker: a round of work runs when woken (a NOTIFY, a poll, a call to
 * `wake`), one round at a time; a wake during a round makes it go round once more. `stop` waits for
 * the round in progress.
 */
export class WakeLoop {
  private timer: NodeJS.Timeout | undefined
  private unlisten: (() => Promise<void>) | undefined
  private draining: Promise<void> | undefined
  private again = false
  stopped = true

  constructor(private readonly options: WakeLoopOptions) {}

  async start(): Promise<void> {
    this.stopped = false
    const { listen } = this.options
    if (listen) this.unlisten = await listen.database.listen(listen.channel, () => this.wake())
    this.timer = setInterval(() => this.wake(), this.options.pollMs)
    this.timer.unref()
    this.wake()
  }

  /** Works now; if a round is running, it goes round once more. */
  wake(): void {
    if (this.stopped) return
    if (this.draining) {
      this.again = true
      return
    }
    this.draining = this.options
      .drain(this)
      .catch((err) => this.options.logger.error({ err }, this.options.failure))
      .finally(() => {
        this.draining = undefined
        if (this.again) {
          this.again = false
          this.wake()
        }
      })
  }

  /** Resolves when the round in progress (if any) has finished. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.unlisten?.()
    await this.idle()
  }
}

/**
 * A background worker that is one WakeLoop: its `drain` is the round of work; start, wake, idle and
 * stop are the loop's.
 */
export abstract class LoopWorker {
  private readonly loop: WakeLoop

  constructor(options: Omit<WakeLoopOptions, 'drain'>) {
    this.loop = new WakeLoop({ ...options, drain: (loop) => this.drain(loop) })
  }

  /** One round of work: until nothing is left, checking `stopped` between items. */
  protected abstract drain(loop: { readonly stopped: boolean }): Promise<void>

  start(): Promise<void> {
    return this.loop.start()
  }

  /** Works now; if a round is running, it goes round once more. */
  wake(): void {
    this.loop.wake()
  }

  /** Resolves when the round in progress (if any) has finished. */
  idle(): Promise<void> {
    return this.loop.idle()
  }

  stop(): Promise<void> {
    return this.loop.stop()
  }
}
