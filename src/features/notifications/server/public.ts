/** What other features may use of the notification centre (lint refuses any other import of its files). */

export { notifications } from '../tables'
export { followNotifications, userTopic } from './live'
export { createNotification, NOTIFICATIONS_CHANNEL, notifyUser, type UserNotice } from './service'
