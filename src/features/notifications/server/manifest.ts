import { defineFeature } from '@/platform/server/context'
import { notificationsLiveOf } from './live'
import { notificationRoutes } from './routes'

/**
 * The notification centre: what the site tells a trader (alerts, trades, reviews, disputes, badges),
 * listed, counted unread and pushed live to their open pages. Features call `notifyUser`; alerts
 * carries notifications further by e-mail and Discord.
 */
export default defineFeature({
  name: 'notifications',
  routes: { '/api/notifications': notificationRoutes },
  async start({ database, logger }) {
    const live = notificationsLiveOf({ database, logger })
    await live.start()
    return { stop: () => live.close() }
  },
})
