import { Suspense, useState } from 'react'
import { Link } from 'react-router'
import type { TradeOffer } from '@/features/trading/contract'
import type { OfferRole } from '@/features/trading/web/public'
import { buttonClass } from '@/platform/web/components/ui/button'
import { lazy } from '@/platform/web/lib/lazy'
import { canReview, reviewed } from '../review-view'

/** The review's form loads only for a trader who may still review the trade. */
const ReviewForm = lazy(() => import('./review-form'))

/**
 * After a trade was accepted (an offer's card, for one of its traders): the viewer's review of the other
 * trader, to write (14 days, `reviewRefusal`) or written.
 */
export function TradeReview({
  offer,
  role,
  onReviewed,
}: {
  offer: TradeOffer
  role: OfferRole
  onReviewed: () => void
}) {
  const [rated, setRated] = useState<number | null>(null)
  if (rated)
    return (
      <p role="status" className="mt-2 text-sm">
        You rated this trade {rated}/5.
      </p>
    )
  if (offer.acceptedAt === null) return null
  if (offer.reviewed[role]) return <p className="mt-2 text-muted text-sm">You rated this trade.</p>
  if (!canReview(offer, role, Date.now())) return null
  return (
    <Suspense fallback={null}>
      <ReviewForm
        offerId={offer.id}
        other={reviewed(offer, role).username}
        onDone={setRated}
        onReviewed={onReviewed}
      />
    </Suspense>
  )
}

/** "Review" in my trades, while the viewer may still review the trade: to its conversation (`href`). */
export function ReviewLink({ offer, role, href }: { offer: TradeOffer; role: OfferRole; href: string }) {
  if (!canReview(offer, role, Date.now())) return null
  return (
    <Link to={href} className={`${buttonClass('primary', 'sm')} mt-3`}>
      Review<span className="sr-only"> your trade with {reviewed(offer, role).username}</span>
    </Link>
  )
}
