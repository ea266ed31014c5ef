/** Pure rules of a trade's review on the marketplace's pages: whether the viewer may still write it. */
import type { TradeOffer } from '@/features/trading/contract'
import type { OfferRole } from '@/features/trading/web/public'
import { reviewRefusal } from '@/features/trust/rules'

/**
 * Whether the viewer may still review the other trader: the server's rule (`reviewRefusal`: a trade that
 * was accepted, within 14 days) and they have not reviewed it yet.
 */
export function canReview(
  offer: Pick<TradeOffer, 'acceptedAt' | 'completedAt' | 'decidedAt' | 'reviewed'>,
  role: OfferRole,
  now: number,
): boolean {
  return !offer.reviewed[role] && reviewRefusal(offer, now) === null
}

/** The trader the viewer reviews: the other one of the offer. */
export const reviewed = (offer: Pick<TradeOffer, 'owner' | 'offerer'>, role: OfferRole) =>
  role === 'owner' ? offer.offerer : offer.owner
