import { and, eq, gt, sql } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import type { Db } from '../db/client'
import { AppError } from './errors'
import { rateLimits } from './rate-limit-tables'
import { addMissingHeaders } from './response-headers'

export interface Limit {
  /** At most `max` hits per `windowSeconds` for one key. */
  max: number
  windowSeconds: number
}

/** Limits other than a feature's written ones, by feature name and limit name (tests raise or lower them). */
export type LimitOverrides = Readonly<Record<string, Readonly<Record<string, Limit>>>>

/** A feature's limits: its written defaults, with any override of the same name. */
export function limitsFor<T extends Record<string, Limit>>(
  defaults: T,
  overrides: LimitOverrides | undefined,
  feature: string,
): T {
  return { ...defaults, ...overrides?.[feature] }
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

/**
 * Throws the same 429 when `key` has spent its window's budget, without counting a hit: for a limit on
 * failures, checked before an attempt and counted (hitRateLimit) only when the attempt fails.
 */
export async function refuseIfSpent(db: Db, key: string, limit: Limit, message: string): Promise<void> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)))
  if (row && row.count >= limit.max) {
    const retryAfterSeconds = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000))
    throw new AppError('RATE_LIMITED', message, { retryAfterSeconds })
  }
}

/**
 * Gives back one hit of `key` (an attempt that failed on the server's side, not the client's), so it
 * does not count against the client's budget. A window that has ended in the meantime is left alone.
 */
export async function refundRateLimit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)))
}

/** Said by a 429 whose maker gave no time (a library's own refusal). */
const DEFAULT_RETRY_AFTER_SECONDS = 60

/**
 * Every 429 of the server carries Retry-After (RFC 9110), whoever answered it: our AppError sets it,
 * Better Auth only sends X-Retry-After (copied), and anything else gets a default.
 */
export const retryAfterOn429: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.res.status !== 429 || c.res.headers.has('retry-after')) return
  const given = Number.parseInt(c.res.headers.get('x-retry-after') ?? '', 10)
  const seconds = Number.isFinite(given) ? Math.max(1, given) : DEFAULT_RETRY_AFTER_SECONDS
  addMissingHeaders(c, [['Retry-After', String(seconds)]])
}
