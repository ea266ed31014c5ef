import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '@/server/db/client'
import type { Logger } from '@/server/lib/logger'
import { OUTBOX_CHANNEL } from './outbox'
import type { MailMessage, MailTransport } from './transport'

export interface OutboxWorkerOptions {
  database: Database
  transport: MailTransport
  logger: Logger
  workerId?: string
  /** How long a claim holds; a worker that dies mid-send loses its rows after this. */
  leaseMs?: number
  /** Safety net for retries that come due and notifications that were missed. */
  pollMs?: number
  batchSize?: number
  backoffBaseMs?: number
  backoffMaxMs?: number
}

interface ClaimedRow {
  id: number
  to_email: string
  subject: string
  html_body: string | null
  text_body: string | null
  headers: Record<string, string>
  attempts: number
  max_attempts: number
}

/**
 * Delivers the outbox. Every server process runs one: rows are claimed with FOR UPDATE SKIP LOCKED
 * (by priority), so instances never send the same row twice; a NOTIFY on insert wakes the workers
 * at once; failures come back with exponential backoff and full jitter until the last attempt.
 */
export class OutboxWorker {
  readonly id: string
  private readonly leaseMs: number
  private readonly pollMs: number
  private readonly batchSize: number
  private readonly backoffBaseMs: number
  private readonly backoffMaxMs: number
  private timer: NodeJS.Timeout | undefined
  private unlisten: (() => Promise<void>) | undefined
  private draining: Promise<void> | undefined
  private again = false
  private stopped = true

  constructor(private readonly options: OutboxWorkerOptions) {
    this.id = options.workerId ?? `worker-${randomUUID().slice(0, 8)}`
    this.leaseMs = options.leaseMs ?? 60_000
    this.pollMs = options.pollMs ?? 2_000
    this.batchSize = options.batchSize ?? 10
    this.backoffBaseMs = options.backoffBaseMs ?? 10_000
    this.backoffMaxMs = options.backoffMaxMs ?? 3_600_000
  }

  async start(): Promise<void> {
    this.stopped = false
    this.unlisten = await this.options.database.listen(OUTBOX_CHANNEL, () => this.wake())
    this.timer = setInterval(() => this.wake(), this.pollMs)
    this.timer.unref()
    this.wake()
  }

  /** Drains now; if a drain is running, it goes round once more. */
  wake(): void {
    if (this.stopped) return
    if (this.draining) {
      this.again = true
      return
    }
    this.draining = this.drain()
      .catch((err) => this.options.logger.error({ err }, 'outbox drain failed'))
      .finally(() => {
        this.draining = undefined
        if (this.again) {
          this.again = false
          this.wake()
        }
      })
  }

  /** Resolves when the current drain (if any) has finished. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.unlisten?.()
    await this.idle()
  }

  private async drain(): Promise<void> {
    for (;;) {
      const rows = await this.claim()
      if (rows.length === 0) return
      await Promise.all(rows.map((row) => this.deliver(row)))
      if (this.stopped) return
    }
  }

  /** Claims up to a batch of due rows, and rows whose claim expired. */
  async claim(limit = this.batchSize): Promise<ClaimedRow[]> {
    const result = await this.options.database.db.execute(sql`
      update pending_emails
      set status = 'sending', attempts = attempts + 1,
          locked_until = now() + make_interval(secs => ${this.leaseMs / 1000}), locked_by = ${this.id}
      where id in (
        select id from pending_emails
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by priority, next_attempt_at, id
        limit ${limit}
        for update skip locked)
      returning id, to_email, subject, html_body, text_body, headers, attempts, max_attempts`)
    return (result.rows as unknown as ClaimedRow[]).map((row) => ({ ...row, id: Number(row.id) }))
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const { database, transport, logger } = this.options
    const message: MailMessage = {
      id: row.id,
      to: row.to_email,
      subject: row.subject,
      html: row.html_body ?? '',
      text: row.text_body ?? '',
      headers: row.headers,
    }
    try {
      await transport.send(message)
    } catch (error) {
      const last = row.attempts >= row.max_attempts
      const delayMs = this.backoff(row.attempts)
      const reason = error instanceof Error ? error.message : String(error)
      await database.db.execute(sql`
        update pending_emails
        set status = ${last ? 'failed' : 'pending'}, last_error = ${reason.slice(0, 1000)},
            next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}), locked_until = null, locked_by = null
        where id = ${row.id} and locked_by = ${this.id}`)
      logger.warn(
        { mailId: row.id, attempt: row.attempts, final: last, retryInMs: last ? null : delayMs, err: reason },
        'mail not sent',
      )
      return
    }
    // Sent: bodies are cleared so that links with tokens do not linger in the table.
    await database.db.execute(sql`
      update pending_emails
      set status = 'sent', sent_at = now(), html_body = null, text_body = null, last_error = null,
          locked_until = null, locked_by = null
      where id = ${row.id} and locked_by = ${this.id}`)
    logger.info({ mailId: row.id, to: row.to_email, attempt: row.attempts }, 'mail sent')
  }

  /** Exponential backoff with full jitter: between half and all of base * 2^(attempt-1), capped. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.backoffMaxMs, this.backoffBaseMs * 2 ** (attempt - 1))
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2))
  }
}
