import { sql } from 'drizzle-orm'
import type { Db } from '@/platform/server/db/client'
import type { Logger } from '@/platform/server/lib/logger'
import { rateLimits } from '@/platform/server/lib/rate-limit-tables'

const MINUTE_MS = 60_000

/** What the answer says of the limit: the RateLimit-* headers. */
export interface LimitState {
  limit: number
  remaining: number
  /** Seconds until the window ends. */
  resetSeconds: number
  exceeded: boolean
}

interface Counter {
  /** The clock minute (ms) this counter counts. */
  window: number
  /** The count all instances had written when this instance last wrote. */
  known: number
  /** Hits of this instance not written yet. */
  pending: number
  /** The first write of the window: later hits of the window wait for it. */
  ready: Promise<void>
  settled: boolean
}

/**
 * Per-minute request counters shared by all instances, cheap per request (decision 040): the first hit
 * of a client in a clock minute writes one upsert to `rate_limits` and reads back what every instance
 * counted; later hits count in the process and are written in one upsert per client every `syncMs`,
 * each write reading back the shared count. So an instance sees the others' hits at most `syncMs` late,
 * and a busy client costs one write a second, not one per request.
 */
export class SharedLimiter {
  private readonly counters = new Map<string, Counter>()
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly options: {
      syncMs?: number
      /** Called with the hits written for a key (an API key's use count). */
      onWrite?: (key: string, hits: number) => Promise<void>
      now?: () => number
    } = {},
  ) {}

  /** Counts one hit of `key` against `max` a minute. */
  async hit(key: string, max: number): Promise<LimitState> {
    const now = (this.options.now ?? Date.now)()
    const window = now - (now % MINUTE_MS)
    let counter = this.counters.get(key)
    if (!counter || counter.window !== window) {
      const fresh: Counter = { window, known: 0, pending: 1, ready: Promise.resolve(), settled: false }
      fresh.ready = this.write(key, fresh).finally(() => {
        fresh.settled = true
      })
      this.counters.set(key, fresh)
      counter = fresh
    } else {
      counter.pending++
      this.schedule()
    }
    if (!counter.settled) await counter.ready
    return this.stateOf(counter, max, now)
  }

  /**
   * Counts one hit of `key` when this instance already counts it this minute (no write to wait for);
   * undefined otherwise (then `hit`). The Node listener's kept answers use it: it never waits.
   */
  hitIfCounted(key: string, max: number): LimitState | undefined {
    const now = (this.options.now ?? Date.now)()
    const counter = this.counters.get(key)
    if (!counter?.settled || counter.window !== now - (now % MINUTE_MS)) return undefined
    counter.pending++
    this.schedule()
    return this.stateOf(counter, max, now)
  }

  private stateOf(counter: Counter, max: number, now: number): LimitState {
    const used = counter.known + counter.pending
    return {
      limit: max,
      remaining: Math.max(0, max - used),
      resetSeconds: Math.max(1, Math.ceil((counter.window + MINUTE_MS - now) / 1000)),
      exceeded: used > max,
    }
  }

  /** Writes every pending count now (the timer does it every `syncMs`; tests call it). */
  async flush(): Promise<void> {
    const now = (this.options.now ?? Date.now)()
    const writes: Promise<void>[] = []
    for (const [key, counter] of this.counters) {
      if (counter.pending > 0) writes.push(this.write(key, counter))
      else if (counter.window + MINUTE_MS <= now) this.counters.delete(key)
    }
    await Promise.all(writes)
  }

  close(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    return this.flush()
  }

  private schedule() {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.flush()
    }, this.options.syncMs ?? 1000)
    this.timer.unref()
  }

  /** Adds the counter's pending hits to the shared row of its clock minute and reads the total back. */
  private async write(key: string, counter: Counter): Promise<void> {
    const hits = counter.pending
    counter.pending = 0
    const windowEnd = new Date(counter.window + MINUTE_MS)
    const end = sql`${windowEnd.toISOString()}::timestamptz`
    try {
      const [row] = await this.db
        .insert(rateLimits)
        .values({ key, count: hits, resetAt: windowEnd })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} < ${end} then ${hits} else ${rateLimits.count} + ${hits} end`,
            resetAt: sql`greatest(${rateLimits.resetAt}, ${end})`,
          },
        })
        .returning({ count: rateLimits.count })
      // The newest total wins over a slower earlier write's.
      if (row) counter.known = Math.max(counter.known, row.count)
      await this.options.onWrite?.(key, hits)
    } catch (err) {
      // A failed write lets requests through (the limit is a guard, not the API's purpose).
      this.logger.error({ err, key }, 'API limit counter not written')
    }
  }
}
