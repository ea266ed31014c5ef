import { defineFeature } from '@/platform/server/context'
import { stockLiveOf } from './live'
import { stockRoutes } from './routes'

/**
 * Live stock of the games with shops: reports from stock managers and bots, the current stock pushed
 * to every open page over Server-Sent Events (fed by LISTEN/NOTIFY, so every instance pushes every
 * change), history, ingest tokens and the shops' clocks.
 */
export default defineFeature({
  name: 'stock',
  routes: { '/api/stock': stockRoutes },
  async start(services) {
    const live = stockLiveOf(services)
    await live.start()
    return { stop: () => live.close() }
  },
})
