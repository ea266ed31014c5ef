import { adPosted } from '@/features/trading/server/public'
import { defineFeature } from '@/platform/server/context'
import { implement } from '@/platform/server/hooks'
import { myListsRoutes, myMatchesRoutes, publicListsRoutes } from './routes'
import { notifyMatches } from './service'

/**
 * Have/want lists per game, the open ads that match them with the verdict for the trader, the lists a
 * trader makes public on their profile, and a notice (in the app and by the trader's alert channels) when
 * a new ad matches, once per ad.
 */
export default defineFeature({
  name: 'trade-lists',
  routes: {
    '/api/me/lists': myListsRoutes,
    '/api/me/matches': myMatchesRoutes,
    '/api/users': publicListsRoutes,
  },
  hooks: [
    implement(adPosted, async (deps, ad) => {
      await notifyMatches(deps, ad)
    }),
  ],
})
