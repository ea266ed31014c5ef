import type { LoaderFunctionArgs } from 'react-router'
import { lazy } from '@/platform/web/lib/lazy'

/** What the shell and other features may use of the marketplace (lint refuses any other import of its files). */

/** The route loader of /trading and /trading/{game}: its code loads beside the page's, not with the shell. */
export const prefetchTradeAds = async (args: LoaderFunctionArgs) =>
  (await import('./view')).prefetchTradeAds(args)
export const prefetchTradeAd = async (args: LoaderFunctionArgs) =>
  (await import('./view')).prefetchTradeAd(args)

/**
 * "Trade ads" on an item's or a trader's page: short lists of open ads. Its code loads when it is
 * first rendered (render it inside a Suspense boundary, once the section is near the screen).
 */
export const TradeAdsSection = lazy(async () => ({
  default: (await import('./components/trade-ads-section')).TradeAdsSection,
}))
export type { AdListSpec } from './components/trade-ads-section'
export type { OfferRole } from './offer-view'
export {
  adActions,
  messageActions,
  myTradeActions,
  myTradesSections,
  offerAfterReview,
  offerReview,
} from './slots'

/**
 * "My trades" with the number of trades waiting for the signed-in trader (the header, the phone menu,
 * /trading): its code loads when first rendered, for signed-in traders only (render it in a Suspense
 * boundary).
 */
export const MyTradesLink = lazy(() => import('./components/my-trades-link'))

/** An offer's conversation (the middleman's job page shows it too): its code loads when first rendered. */
export const Conversation = lazy(async () => ({
  default: (await import('./components/conversation')).Conversation,
}))
