import { and, eq, gt, lte } from 'drizzle-orm'
import { tradeAds } from '../tables'

/**
 * The SQL twin of `effectiveAdStatus` (policy.ts): an ad is open at `now` while its status is open and
 * its end is after `now`; an open ad whose end has come is expired for every query at once, before the
 * worker writes `expired`. ad-status.test.ts holds the two forms together.
 */
export const adOpenAt = (now: Date) => and(eq(tradeAds.status, 'open'), gt(tradeAds.expiresAt, now))

/** Ads still marked open whose end has come: expired by the rule, waiting for the worker to write it. */
export const adPastItsEndAt = (now: Date) => and(eq(tradeAds.status, 'open'), lte(tradeAds.expiresAt, now))
