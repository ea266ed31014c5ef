/** What other features may use of alerts (lint refuses any other import of its files). */

export { retryAfterOf } from './discord'
export { followNotifications, userTopic } from './live'
export { NOTIFICATIONS_CHANNEL, notifyUser, type UserNotice } from './notifications'
export { notifyTrader, type TradeNotice } from './trade-notices'
export { deleteWatch, putWatch } from './watchlist'
