import { publicProfileParts } from '@/features/accounts/server/public'
import { defineFeature } from '@/platform/server/context'
import { implement } from '@/platform/server/hooks'
import { favoriteRoutes } from './routes'
import { listUserFavorites } from './service'

/** Hearts on items: exact counts per screen and the signed-in user's own. */
export default defineFeature({
  name: 'favorites',
  routes: { '/api/favorites': favoriteRoutes },
  // A trader's public profile lists their favorite items.
  hooks: [
    implement(publicProfileParts, async (catalog, userId) => ({
      favorites: await listUserFavorites(catalog, userId),
    })),
  ],
})
