/** What other features may use of the marketplace (lint refuses any other import of its files). */
export { adLink, cachedAd, cachedAdList, countAds } from './ads'
export { invalidateTrading, type TradingDeps, tradingOf } from './deps'
export {
  conversationGuest,
  conversationListeners,
  offerReviewers,
  type TraderExtras,
  tradeCompleted,
  traderExtras,
} from './hooks'
export { offerForTrader, otherTraderOf, type TraderRole } from './offers'
