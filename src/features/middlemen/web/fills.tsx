/** What the official middlemen show on the marketplace's pages (its web manifest fills their slots). */
import { lazy, Suspense } from 'react'
import type { TradeOffer } from '@/features/trading/contract'

const OfferMiddleman = lazy(() => import('./components/offer-middleman'))

/** An accepted or completed trade's middleman: request one, follow the job, rate it (its code loads when shown). */
export function OfferMiddlemanSection({ offer }: { offer: TradeOffer }) {
  if (offer.status !== 'accepted' && offer.status !== 'completed') return null
  return (
    <Suspense fallback={null}>
      <OfferMiddleman offer={offer} />
    </Suspense>
  )
}
