import { sql } from 'drizzle-orm'
import { type ClaimedRowBase, QueueWorker, type QueueWorkerOptions } from '@/platform/server/lib/queue-worker'
import { OUTBOX_CHANNEL } from './outbox'
import type { MailMessage, MailTransport } from './transport'

export interface OutboxWorkerOptions extends QueueWorkerOptions {
  transport: MailTransport
}

interface ClaimedRow extends ClaimedRowBase {
  to_email: string
  subject: string
  html_body: string | null
  text_body: string | null
  headers: Record<string, string>
}

/**
 * Delivers the mail outbox. Every server process runs one: rows are claimed by priority (QueueWorker:
 * FOR UPDATE SKIP LOCKED, leases, NOTIFY to wake, backoff with jitter until the last attempt).
 */
export class OutboxWorker extends QueueWorker<ClaimedRow> {
  constructor(private readonly options: OutboxWorkerOptions) {
    super(
      {
        table: 'pending_emails',
        channel: OUTBOX_CHANNEL,
        columns: 'id, to_email, subject, html_body, text_body, headers, attempts, max_attempts',
        orderBy: 'priority, next_attempt_at, id',
        label: 'outbox',
      },
      options,
    )
  }

  protected async deliver(row: ClaimedRow): Promise<void> {
    const { transport, logger } = this.options
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
      const reason = error instanceof Error ? error.message : String(error)
      const { final, delayMs } = await this.retryLater(row, reason)
      logger.warn(
        { mailId: row.id, attempt: row.attempts, final, retryInMs: final ? null : delayMs, err: reason },
        'mail not sent',
      )
      return
    }
    // Sent: bodies are cleared so that links with tokens do not linger in the table.
    await this.markSent(row, sql`, html_body = null, text_body = null`)
    logger.info({ mailId: row.id, to: row.to_email, attempt: row.attempts }, 'mail sent')
  }
}
