import { defineFeature } from '@/platform/server/context'
import { favoriteRoutes } from './routes'

/** Hearts on items: exact counts per screen and the signed-in user's own. */
export default defineFeature({
  name: 'favorites',
  routes: { '/api/favorites': favoriteRoutes },
})
