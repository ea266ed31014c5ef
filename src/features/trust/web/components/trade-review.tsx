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
  // Before both confirmed, the form waits behind a button: a review comes after the trade, unless
  // it went wrong (a trader who never confirms can still be reviewed).
  const [early, setEarly] = useState(false)
  if (rated)
    return (
      <p role="status" className="mt-2 text-sm">
        You rated this trade {rated}/5.
      </p>
    )
  if (offer.acceptedAt === null) return null
  if (offer.reviewed[role]) return <p className="mt-2 text-muted text-sm">You rated this trade.</p>
  if (!canReview(offer, role, Date.now())) return null
  if (offer.status === 'accepted' && !early)
    return (
      <p className="mt-3 text-muted text-sm">
        Reviews come once you both confirm.{' '}
        <button
          type="button"
          onClick={() => setEarly(true)}
          className="font-medium text-accent underline-offset-2 hover:underline"
        >
          Trade went wrong? Review {reviewed(offer, role).username} now
        </button>
      </p>
    )
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

/**
 * "Review" in my trades once the trade is over, while the viewer may still review it: to its
 * conversation (`href`). A trade still waiting for confirmations offers its review on its own page only.
 */
export function ReviewLink({ offer, role, href }: { offer: TradeOffer; role: OfferRole; href: string }) {
  if (offer.status === 'accepted' || !canReview(offer, role, Date.now())) return null
  return (
    <Link to={href} className={`${buttonClass('primary', 'sm')} mt-3`}>
      Review<span className="sr-only"> your trade with {reviewed(offer, role).username}</span>
    </Link>
  )
}
