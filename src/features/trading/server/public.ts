/** What other features may use of the marketplace (lint refuses any other import of its files). */

/** Tables others may join on (read): published here, typed, so a renamed column fails their type check. */
export { tradeAdItems, tradeAds, tradeMessages, tradeOffers } from '../tables'
export { adOpenAt } from './ad-status'
export { adLink, cachedAd, cachedAdList, countAds } from './ads'
export { completedTradesOf, tradingPartnersOf } from './counts'
export { invalidateTrading, type TradingDeps, tradingOf } from './deps'
export {
  adPosted,
  conversationGuest,
  conversationListeners,
  offerReviewers,
  type PostedAd,
  type TraderExtras,
  tradeCompleted,
  traderExtras,
} from './hooks'
export { offerForTrader, otherTraderOf, type TraderRole } from './offers'
export { negotiationOf, presentAds } from './present'
export { adShown, traderShown } from './standing'
