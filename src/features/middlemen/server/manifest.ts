import { conversationGuest, conversationListeners } from '@/features/trading/server/public'
import { defineFeature } from '@/platform/server/context'
import { implement } from '@/platform/server/hooks'
import { middlemanAccess, workingMiddleman } from './conversation'
import { middlemanRoutes, middlemenRoutes, offerMiddlemanRoutes } from './routes'

/**
 * The official middlemen (/escrow-service): the public list and check, requests on accepted trades, the
 * middlemen's queue with first-claim-wins, closing and rating jobs. docs/decisions/036-middlemen.md
 */
export default defineFeature({
  name: 'middlemen',
  routes: {
    '/api/middlemen': middlemenRoutes,
    '/api/trade-offers': offerMiddlemanRoutes,
    '/api/middleman': middlemanRoutes,
  },
  hooks: [implement(conversationGuest, middlemanAccess), implement(conversationListeners, workingMiddleman)],
})
