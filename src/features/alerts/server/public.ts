/** What other features may use of alerts (lint refuses any other import of its files). */

/** Tables others may join on (read): published here, typed, so a renamed column fails their type check. */
export { retryAfterOf } from './discord'
export { notifyTrader, type TradeNotice } from './trade-notices'
export { deleteWatch, putWatch } from './watchlist'
