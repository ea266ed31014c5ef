import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'
import { AppError } from './errors'

export interface Limit {
  /** At most `max` hits per `windowSeconds` for one key. */
  max: number
  windowSeconds: number
}

/**
 * Counts one hit for `key` in a fixed window shared by all instances (one atomic upsert) and throws
 * 429 with Retry-After once the window's budget is spent.
 */
export async function hitRateLimit(db: Db, key: string, limit: Limit, message: string): Promise<void> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + ${window} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
  if (row && row.count > limit.max) {
    const retryAfterSeconds = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000))
    throw new AppError('RATE_LIMITED', message, { retryAfterSeconds })
  }
}
