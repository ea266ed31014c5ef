import { randomUUID } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '@/platform/server/db/client'
import type { Logger } from '@/platform/server/lib/logger'
import { OUTBOX_KEEP_DAYS } from '@/shared/constants'
import { LoopWorker } from './wake-loop'

/** The options every outbox worker takes (the mail outbox, Discord deliveries). */
export interface QueueWorkerOptions {
  database: Database
  logger: Logger
  workerId?: string
  /** How long a claim holds; a worker that dies mid-delivery loses its rows after this. */
  leaseMs?: number
  /** Safety net for retries that come due and notifications that were missed. */
  pollMs?: number
  batchSize?: number
  backoffBaseMs?: number
  backoffMaxMs?: number
}

/** How often a worker removes what is past OUTBOX_KEEP_DAYS. */
const PRUNE_EVERY_MS = 3_600_000

/** What a claimed row carries at least: the columns every outbox table shares. */
export interface ClaimedRowBase {
  id: number
  attempts: number
  max_attempts: number
}

/** An outbox table: its name, the NOTIFY channel its inserts announce, the order of claims. */
export interface QueueDefinition {
  /** A constant of the code, never input: it is written into the SQL. */
  table: string
  channel: string
  /** Column list returned by a claim (constant SQL). */
  columns: string
  /** Claim order (constant SQL); the due time and id by default. */
  orderBy?: string
  /** Names the queue in log lines. */
  label: string
}

/**
 * An outbox delivered by every server process: rows are claimed with FOR UPDATE SKIP LOCKED under a
 * lease (instances never deliver the same row twice; a row whose worker died is taken over after its
 * lease), a NOTIFY on insert wakes the workers at once, a poll catches retries that come due, and a
 * failure comes back later with exponential backoff and full jitter until its last attempt.
 *
 * Sent and failed rows older than OUTBOX_KEEP_DAYS are removed, once an hour per worker. A worker that
 * stops (the server's shutdown) finishes its deliveries in progress and gives back what it still holds.
 *
 * The table has: status ('pending' | 'sending' | 'sent' | 'failed'), attempts, max_attempts,
 * next_attempt_at, locked_until, locked_by, last_error, sent_at, created_at.
 */
export abstract class QueueWorker<Row extends ClaimedRowBase> extends LoopWorker {
  readonly id: string
  protected readonly leaseMs: number
  protected readonly batchSize: number
  protected readonly backoffBaseMs: number
  protected readonly backoffMaxMs: number
  private prunedAt = 0

  constructor(
    protected readonly queue: QueueDefinition,
    protected readonly base: QueueWorkerOptions,
  ) {
    super({
      listen: { database: base.database, channel: queue.channel },
      pollMs: base.pollMs ?? 2_000,
      logger: base.logger,
      failure: `${queue.label} drain failed`,
    })
    this.id = base.workerId ?? `worker-${randomUUID().slice(0, 8)}`
    this.leaseMs = base.leaseMs ?? 60_000
    this.batchSize = base.batchSize ?? 10
    this.backoffBaseMs = base.backoffBaseMs ?? 10_000
    this.backoffMaxMs = base.backoffMaxMs ?? 3_600_000
  }

  /** Delivers one claimed row and records the outcome (`markSent`, `retryLater`, `markFailed`). */
  protected abstract deliver(row: Row): Promise<void>

  protected async drain(loop: { readonly stopped: boolean }): Promise<void> {
    if (Date.now() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = Date.now()
      await this.prune()
    }
    for (;;) {
      const rows = await this.claim()
      if (rows.length === 0) return
      await Promise.all(rows.map((row) => this.deliver(row)))
      if (loop.stopped) return
    }
  }

  /**
   * Stops taking work, waits for the deliveries in progress (each records its outcome), then gives back
   * any claim it still holds, so another instance takes the row at once instead of after the lease.
   */
  override async stop(): Promise<void> {
    await super.stop()
    // The database may be away: the rows then come back when their lease runs out, as if it had died.
    await this.release().catch((err) =>
      this.base.logger.warn({ err }, `${this.queue.label}: claims not given back`),
    )
  }

  /** Puts the rows this worker still has claimed back in the queue, due now (their attempt counts). */
  async release(): Promise<void> {
    await this.base.database.db.execute(sql`
      update ${sql.raw(this.queue.table)}
      set status = 'pending', locked_until = null, locked_by = null
      where status = 'sending' and locked_by = ${this.id}`)
  }

  /** Removes the sent and failed rows created more than OUTBOX_KEEP_DAYS ago. */
  async prune(): Promise<void> {
    await this.base.database.db.execute(sql`
      delete from ${sql.raw(this.queue.table)}
      where status in ('sent', 'failed') and created_at < now() - make_interval(days => ${OUTBOX_KEEP_DAYS})`)
  }

  /** Claims up to a batch of due rows, and rows whose claim expired. */
  async claim(limit = this.batchSize): Promise<Row[]> {
    const table = sql.raw(this.queue.table)
    const result = await this.base.database.db.execute(sql`
      update ${table}
      set status = 'sending', attempts = attempts + 1,
          locked_until = now() + make_interval(secs => ${this.leaseMs / 1000}), locked_by = ${this.id}
      where id in (
        select id from ${table}
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by ${sql.raw(this.queue.orderBy ?? 'next_attempt_at, id')}
        limit ${limit}
        for update skip locked)
      returning ${sql.raw(this.queue.columns)}`)
    return (result.rows as unknown as Row[]).map((row) => ({ ...row, id: Number(row.id) }))
  }

  /** The row was delivered; `also` sets more columns (clearing what should not linger). */
  protected async markSent(row: Row, also: SQL = sql``): Promise<void> {
    await this.base.database.db.execute(sql`
      update ${sql.raw(this.queue.table)}
      set status = 'sent', sent_at = now(), last_error = null, locked_until = null, locked_by = null ${also}
      where id = ${row.id} and locked_by = ${this.id}`)
  }

  /** The row cannot be delivered, now or later. */
  protected async markFailed(row: Row, reason: string): Promise<void> {
    await this.base.database.db.execute(sql`
      update ${sql.raw(this.queue.table)}
      set status = 'failed', last_error = ${reason.slice(0, 1000)}, locked_until = null, locked_by = null
      where id = ${row.id} and locked_by = ${this.id}`)
  }

  /**
   * The attempt failed: the row comes back after `delayMs` (backoff with jitter when not given), or
   * fails for good after its last attempt.
   */
  protected async retryLater(
    row: Row,
    reason: string,
    delayMs = this.backoff(row.attempts),
  ): Promise<{ final: boolean; delayMs: number }> {
    const final = row.attempts >= row.max_attempts
    await this.base.database.db.execute(sql`
      update ${sql.raw(this.queue.table)}
      set status = ${final ? 'failed' : 'pending'}, last_error = ${reason.slice(0, 1000)},
          next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}), locked_until = null, locked_by = null
      where id = ${row.id} and locked_by = ${this.id}`)
    return { final, delayMs }
  }

  /** Exponential backoff with full jitter: between half and all of base * 2^(attempt-1), capped. */
  protected backoff(attempt: number): number {
    const ceiling = Math.min(this.backoffMaxMs, this.backoffBaseMs * 2 ** (attempt - 1))
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2))
  }
}
