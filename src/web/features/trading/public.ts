import type { LoaderFunctionArgs } from 'react-router'

/** What the shell and other features may use of the marketplace (lint refuses any other import of its files). */

/** The route loader of /trading and /trading/{game}: its code loads beside the page's, not with the shell. */
export const prefetchTradeAds = async (args: LoaderFunctionArgs) =>
  (await import('./view')).prefetchTradeAds(args)
export const prefetchTradeAd = async (args: LoaderFunctionArgs) =>
  (await import('./view')).prefetchTradeAd(args)

/**
 * "Trade ads" on an item's or a trader's page: short lists of open ads whose code and requests load
 * when the section comes near the screen.
 */
export { TradeAdsWhenSeen } from './components/ads-when-seen'
export type { AdListSpec } from './components/trade-ads-section'
