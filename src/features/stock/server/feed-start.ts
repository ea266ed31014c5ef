import type { Services } from '@/platform/server/context'
import { StockFeedWorker } from './feed'
import type { StockLive } from './live'

/** Starts reading Grow a Garden's upstream feed when GROW_A_GARDEN_STOCK_FEED_URL is set. */
export function startStockFeed(services: Services, live: StockLive): StockFeedWorker | undefined {
  const { env, database, cache, logger } = services
  if (!env.GROW_A_GARDEN_STOCK_FEED_URL) return undefined
  const worker = new StockFeedWorker({
    db: database.db,
    cache,
    logger,
    announce: (game) => live.announce(game),
    url: env.GROW_A_GARDEN_STOCK_FEED_URL,
    key: env.GROW_A_GARDEN_STOCK_FEED_KEY,
  })
  worker.start()
  logger.info({ url: env.GROW_A_GARDEN_STOCK_FEED_URL }, 'Grow a Garden stock feed: reading at each restock')
  return worker
}
