import { sql } from 'drizzle-orm'
import type { CatalogDeps } from '@/features/catalog/server/public'
import { requireGoodStanding } from '@/features/roles/server/public'
import { TRADING_LIMITS, TRADING_MESSAGES } from '@/features/trading/rules'
import { type AppDeps, clockOf } from '@/platform/server/context'
import type { Database, Db } from '@/platform/server/db/client'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { type Limit, limitsFor } from '@/platform/server/lib/rate-limit'
import type { ReadCache } from '@/platform/server/lib/read-cache'

/** The written rate limits of the marketplace (tests override them by these names under 'trading'). */
export const TRADING_RATE_LIMITS = {
  adsPerDay: { max: TRADING_LIMITS.adsPerDay, windowSeconds: 24 * 60 * 60 },
  offersPerHour: { max: TRADING_LIMITS.offersPerHour, windowSeconds: 60 * 60 },
  messagesPerMinute: { max: TRADING_LIMITS.messagesPerMinute, windowSeconds: 60 },
} satisfies Record<string, Limit>

/** Every cache key of the marketplace starts so: any change of an ad or an offer drops them all. */
export const TRADING_CACHE_PREFIX = 'trading:'

/**
 * What the marketplace's services use: the database, the read cache, the server's clock, the limits, and
 * the site's address (the links of notices sent beyond the site).
 */
export interface TradingDeps {
  database: Database
  db: Db
  cache: ReadCache
  publicUrl: string
  now: () => Date
  limits: typeof TRADING_RATE_LIMITS
}

export const tradingOf = (deps: AppDeps): TradingDeps => ({
  database: deps.database,
  db: deps.database.db,
  cache: deps.cache,
  publicUrl: deps.env.PUBLIC_URL,
  now: clockOf(deps),
  limits: limitsFor(TRADING_RATE_LIMITS, deps.limits, 'trading'),
})

/** The catalog's view of the same database and cache. */
export const catalogDepsOf = (t: Pick<TradingDeps, 'db' | 'cache'>): CatalogDeps => ({
  db: t.db,
  cache: t.cache,
})

/**
 * Drops every cached list and ad on every instance. Given the write's transaction (awaited in it), the
 * word goes out with its commit, so a read on another instance right after the answer is fresh;
 * without one, after the change committed.
 */
export const invalidateTrading = (t: Pick<TradingDeps, 'cache'>, tx?: DbOrTx) =>
  t.cache.invalidate(TRADING_CACHE_PREFIX, tx)

/** 403 unless the user may trade: an account in good standing, with a username chosen. */
export async function requireTrader(db: Db, userId: string): Promise<{ username: string }> {
  const { username } = await requireGoodStanding(db, userId, TRADING_MESSAGES.suspended)
  if (!username) throw new AppError('FORBIDDEN', TRADING_MESSAGES.usernameFirst)
  return { username }
}

/** Serialises one trader's ad writes (the open-ads cap and duplicates are counted under it). */
export const lockTrader = (tx: DbOrTx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`trade-ads:${userId}`}))`)
