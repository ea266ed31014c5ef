import { accountRestored, accountSuspended } from '@/features/admin/server/public'
import { robloxAccountChanged } from '@/features/verification/server/public'
import { defineFeature } from '@/platform/server/context'
import { implement } from '@/platform/server/hooks'
import { invalidateTrading } from './deps'
import { AdExpiryWorker } from './expiry-worker'
import { tradingLiveOf } from './live'
import { adPageHead } from './page-head'
import { myTradesRoutes, tradeAdRoutes, tradeOfferRoutes } from './routes'

/**
 * The marketplace: trade ads of the eight games, offers and counter-offers, a conversation per offer
 * (live on /api/live), trades confirmed by both traders, notifications through the notification centre
 * (in-app; e-mail and Discord by the trader's alert settings), and a worker that warns of and marks ads ending. docs/decisions/028-marketplace-server.md
 */
export default defineFeature({
  name: 'trading',
  routes: {
    '/api/trade-ads': tradeAdRoutes,
    '/api/trade-offers': tradeOfferRoutes,
    '/api/me/trades': myTradesRoutes,
  },
  // An ad nobody may see is the 404 page.
  pageHeads: { '/trading/ad/:id': adPageHead },
  hooks: [
    // Ads show the owner's Verified badge: a change of Roblox account drops the cached ads.
    implement(robloxAccountChanged, (deps) => invalidateTrading(deps)),
    // A suspended trader's ads and offers hide, and show again once it is lifted.
    implement(accountSuspended, (deps) => invalidateTrading(deps)),
    implement(accountRestored, (deps) => invalidateTrading(deps)),
  ],
  async start({ database, logger }) {
    const live = tradingLiveOf({ database, logger })
    await live.ready
    return { stop: () => live.close() }
  },
  async startWorkers({ database, cache, logger, env }) {
    const expiry = new AdExpiryWorker({ database, cache, logger, publicUrl: env.PUBLIC_URL })
    await expiry.start()
    return expiry
  },
})
