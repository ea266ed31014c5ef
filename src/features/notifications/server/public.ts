/** What other features may use of the notification centre (lint refuses any other import of its files). */

/** Tables others may join on (read): published here, typed, so a renamed column fails their type check. */
export { notifications } from '../tables'
export { followNotifications, userTopic } from './live'
export { createNotification, NOTIFICATIONS_CHANNEL, notifyUser, type UserNotice } from './service'
