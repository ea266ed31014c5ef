import { defineFeature } from '@/server/context'
import { favoriteRoutes } from './routes'

/** Hearts on items: exact counts per screen and the signed-in user's own. */
export const favoritesFeature = defineFeature({
  name: 'favorites',
  routes: { '/api/favorites': favoriteRoutes },
})
