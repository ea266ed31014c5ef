/** Pure rules of a trade's review on the marketplace's pages: whether the viewer may still write it. */
import type { TradeOffer } from '@/features/trading/contract'
import type { OfferRole } from '@/features/trading/web/public'
import { TRUST_LIMITS } from '@/features/trust/rules'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Whether the viewer may still review the other trader: the trade is completed, they have not reviewed
 * it, and it completed at most TRUST_LIMITS.reviewDays ago.
 */
export function canReview(
  offer: Pick<TradeOffer, 'status' | 'completedAt' | 'reviewed'>,
  role: OfferRole,
  now: number,
): boolean {
  if (offer.status !== 'completed' || !offer.completedAt || offer.reviewed[role]) return false
  return now - Date.parse(offer.completedAt) <= TRUST_LIMITS.reviewDays * DAY_MS
}

/** The trader the viewer reviews: the other one of the offer. */
export const reviewed = (offer: Pick<TradeOffer, 'owner' | 'offerer'>, role: OfferRole) =>
  role === 'owner' ? offer.offerer : offer.owner
