/**
 * What disputes show on the marketplace's pages (its web manifest fills their slots): the way into the
 * dispute center from an accepted or completed trade, while the dispute window is open.
 */
import { Link } from 'react-router'
import { canDispute, newDisputeHref } from '@/features/disputes/rules'
import type { TradeOffer } from '@/features/trading/contract'
import type { OfferRole } from '@/features/trading/web/public'
import { buttonClass } from '@/platform/web/components/ui/button'

/** Under an offer on its ad's page. */
export function OfferDisputeLink({ offer }: { offer: TradeOffer }) {
  if (!canDispute(offer, Date.now())) return null
  return (
    <Link to={newDisputeHref(offer.id)} className="mt-2 inline-block text-accent text-sm underline">
      Open a dispute
    </Link>
  )
}

/** Among an offer's links in "my trades". */
export function MyTradeDisputeLink({ offer, role }: { offer: TradeOffer; role: OfferRole }) {
  if (!canDispute(offer, Date.now())) return null
  const other = (role === 'owner' ? offer.offerer : offer.owner).username
  return (
    <Link to={newDisputeHref(offer.id)} className={`${buttonClass('secondary', 'sm')} mt-3`}>
      Open a dispute<span className="sr-only"> on your trade with {other}</span>
    </Link>
  )
}
