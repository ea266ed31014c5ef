import type { Database } from '@/platform/server/db/client'
import type { Logger } from '@/platform/server/lib/logger'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import { LoopWorker } from '@/platform/server/lib/wake-loop'
import { sweepAds } from './ads'

export interface AdExpiryWorkerOptions {
  database: Database
  cache: ReadCache
  logger: Logger
  /** The site's address (the links of notices sent beyond the site). */
  publicUrl: string
  /** The server's clock (tests move it). */
  now?: () => Date
  pollMs?: number
}

/**
 * Every minute: tells owners whose ad ends within the hour and marks ended ads `expired`. Queries never
 * wait for it (an open ad past its end is expired for them already); two instances share the work
 * (SKIP LOCKED, one notice per listing).
 */
export class AdExpiryWorker extends LoopWorker {
  constructor(private readonly options: AdExpiryWorkerOptions) {
    super({ pollMs: options.pollMs ?? 60_000, logger: options.logger, failure: 'trade ads not swept' })
  }

  protected async drain(): Promise<void> {
    const { database, cache, publicUrl, now } = this.options
    await sweepAds({ db: database.db, cache, publicUrl }, now?.() ?? new Date())
  }
}
