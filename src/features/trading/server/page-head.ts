import type { HeadResolver } from '@/platform/server/context'
import { AppError } from '@/platform/server/lib/errors'
import { cachedAd } from './ads'
import { tradingOf } from './deps'

/**
 * /trading/ad/{id}: the 404 page for an ad nobody may see (none, hidden by a moderator, its owner
 * suspended), by the same read as the ad's API (`cachedAd`, `adShown`); any other keeps the page's head.
 */
export const adPageHead: HeadResolver = async (deps, { params }) => {
  const id = Number(params.id)
  if (!Number.isSafeInteger(id) || id <= 0) return 'not-found'
  try {
    await cachedAd(tradingOf(deps), id)
    return null
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return 'not-found'
    throw error
  }
}
