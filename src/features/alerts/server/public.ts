/** What other features may use of alerts (lint refuses any other import of its files). */

export { retryAfterOf } from './discord'
export { notifyTrader, type TradeNotice } from './trade-notices'
export { deleteWatch, putWatch } from './watchlist'
