/** What other features may use of the marketplace (lint refuses any other import of its files). */
export { invalidateTrading } from './deps'
export { offerForTrader, otherTraderOf, type TraderRole } from './offers'
