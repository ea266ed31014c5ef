import { and, asc, isNull, notInArray } from 'drizzle-orm'
import type { Database } from '@/platform/server/db/client'
import type { Logger } from '@/platform/server/lib/logger'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import { SITE_EVENTS_CHANNEL } from '@/platform/server/lib/site-events'
import { siteEvents } from '@/platform/server/lib/site-events-tables'
import { LoopWorker } from '@/platform/server/lib/wake-loop'
import { EVENT_BATCH_SIZE, type ProcessedBatch, processSiteEvents } from './alert-events'

export interface AlertWorkerOptions {
  database: Database
  cache: ReadCache
  logger: Logger
  publicUrl: string
  /** Safety net for a missed NOTIFY and for events left after a failure. */
  pollMs?: number
  batchSize?: number
  /** Called after a batch that made some user's alert mail due. */
  onEmailDue?: () => void
  /** Called after each batch that processed events (measurements, tests). */
  onBatch?: (batch: ProcessedBatch) => void
}

/**
 * Turns site events (restock reports, value changes) into notifications. Every server process runs one:
 * a NOTIFY on 'site_events' wakes it at once, a poll catches anything missed. Events are claimed in a
 * transaction that also writes their notifications (alert-events.ts), so a crash loses nothing and no
 * event is handled twice, whichever instance takes it.
 */
export class AlertWorker extends LoopWorker {
  private readonly batchSize: number

  constructor(private readonly options: AlertWorkerOptions) {
    super({
      listen: { database: options.database, channel: SITE_EVENTS_CHANNEL },
      pollMs: options.pollMs ?? 5_000,
      logger: options.logger,
      failure: 'alert events not processed',
    })
    this.batchSize = options.batchSize ?? EVENT_BATCH_SIZE
  }

  /**
   * Processes batches until none is left. A batch that fails is retried one event at a time, so one
   * event that cannot be handled waits for the next poll without holding up the others.
   */
  protected async drain(loop: { readonly stopped: boolean }): Promise<void> {
    const skip: number[] = []
    let limit = this.batchSize
    while (!loop.stopped) {
      let batch: ProcessedBatch
      try {
        batch = await processSiteEvents(this.deps(), { limit, skip })
      } catch (err) {
        if (limit > 1) {
          limit = 1
          continue
        }
        const eventId = await this.oldestPending(skip)
        this.options.logger.error({ err, eventId }, 'site event not processed: retried on the next poll')
        if (eventId === undefined) return
        skip.push(eventId)
        limit = this.batchSize
        continue
      }
      if (batch.events === 0) return
      this.options.onBatch?.(batch)
      if (batch.emailDue) this.options.onEmailDue?.()
    }
  }

  private deps() {
    const { database, cache, logger, publicUrl } = this.options
    return { db: database.db, cache, logger, publicUrl }
  }

  /** The event a single-event batch would claim (the one that failed). */
  private async oldestPending(skip: readonly number[]): Promise<number | undefined> {
    const [row] = await this.options.database.db
      .select({ id: siteEvents.id })
      .from(siteEvents)
      .where(
        and(
          isNull(siteEvents.processedAt),
          skip.length > 0 ? notInArray(siteEvents.id, [...skip]) : undefined,
        ),
      )
      .orderBy(asc(siteEvents.id))
      .limit(1)
    return row?.id
  }
}
