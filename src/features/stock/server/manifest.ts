import { defineFeature } from '@/platform/server/context'
import { startStockFeed } from './feed-start'
import { stockLiveOf } from './live'
import { stockRoutes } from './routes'

/**
 * Live stock of the games with shops: reports from stock managers, bots and Grow a Garden's upstream feed
 * (GROW_A_GARDEN_STOCK_FEED_URL), the current stock pushed to every open page over Server-Sent Events
 * (fed by LISTEN/NOTIFY, so every instance pushes every change), history, ingest tokens and the shops'
 * clocks.
 */
export default defineFeature({
  name: 'stock',
  routes: { '/api/stock': stockRoutes },
  async start(services) {
    const live = stockLiveOf(services)
    await live.start()
    return { stop: () => live.close() }
  },
  // Stopped before the listener: the read under way finishes first (its reports are announced while it is up).
  async startWorkers(services) {
    const feed = startStockFeed(services, stockLiveOf(services))
    return feed ? { stop: () => feed.stop() } : undefined
  },
})
