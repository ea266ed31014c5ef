import { defineFeature } from '@/server/context'
import { profilePageHead } from './page-head'
import { meRoutes, profileRoutes, uploadRoutes, userRoutes } from './routes'
import { fillNameSkeletons } from './service'

/** Who is signed in, their profile and avatar, and public trader profiles (sign-in itself is auth/). */
export const accountsFeature = defineFeature({
  name: 'accounts',
  routes: {
    '/api/me': meRoutes,
    '/api/profile': profileRoutes,
    '/api/users': userRoutes,
    '/uploads': uploadRoutes,
  },
  pageHeads: { '/u/:username': profilePageHead },
  async start({ database, logger }) {
    const names = await fillNameSkeletons(database.db)
    if (names.filled > 0 || names.lookAlikes > 0) logger.info(names, 'how names look filled in')
    return undefined
  },
})
