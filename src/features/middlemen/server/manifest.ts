import { keptNames } from '@/features/accounts/server/public'
import { accountSuspended } from '@/features/admin/server/public'
import { MIDDLEMAN_ROLE } from '@/features/roles/rules'
import { roleRevoked } from '@/features/roles/server/public'
import { conversationGuest, conversationListeners } from '@/features/trading/server/public'
import { defineFeature } from '@/platform/server/context'
import { implement } from '@/platform/server/hooks'
import { middlemanAccess, workingMiddleman } from './conversation'
import { middlemanNames } from './names'
import { middlemanRoutes, middlemenRoutes, offerMiddlemanRoutes } from './routes'
import { releaseJobs } from './service'

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
  hooks: [
    implement(conversationGuest, middlemanAccess),
    implement(conversationListeners, workingMiddleman),
    // Their usernames and Roblox names: nobody else may take one (the check names them).
    implement(keptNames, middlemanNames),
    // A middleman who loses the role or is suspended leaves their open jobs: back to the queue.
    implement(roleRevoked, async ({ db }, userId, role) => {
      if (role === MIDDLEMAN_ROLE) await releaseJobs(db, userId)
    }),
    implement(accountSuspended, ({ db }, userId) => releaseJobs(db, userId)),
  ],
})
