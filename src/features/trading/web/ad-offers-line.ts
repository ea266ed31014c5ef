import type { TradeAd } from '@/features/trading/contract'
import type { AdStatus } from '@/features/trading/rules'

/** How an ad that takes no more offers ended. */
const ENDED: Record<Exclude<AdStatus, 'open'>, string> = {
  traded: 'This ad was traded',
  closed: 'This ad was closed',
  expired: 'This ad expired',
}

/** How the ad ended ("This ad was traded"), null while it is open. */
export const adEndedLine = (status: AdStatus): string | null => (status === 'open' ? null : ENDED[status])

/**
 * An ad's offers in a few words on its card: how it ended, an accepted offer's trade under way, or how
 * many offers wait on an open ad.
 */
export function adOffersLine(ad: Pick<TradeAd, 'status' | 'pendingOffers' | 'accepted'>): string {
  const ended = adEndedLine(ad.status)
  if (ended) return ended
  if (ad.accepted) return 'Offer accepted: trade under way'
  return ad.pendingOffers === 0
    ? 'No offers yet'
    : `${ad.pendingOffers} offer${ad.pendingOffers === 1 ? '' : 's'} waiting`
}

/** What the owner's list of offers says when it has none: no more come to an ad that ended. */
export function noOffersLine(ad: Pick<TradeAd, 'status'>): string {
  if (ad.status === 'open') return 'No offers yet. You are notified when a trader makes one.'
  if (ad.status === 'traded') return `${ENDED.traded}.`
  return `${ENDED[ad.status]} before anyone made an offer.`
}
