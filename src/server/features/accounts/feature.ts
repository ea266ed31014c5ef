import { defineFeature } from '@/server/context'
import { profilePageHead } from './page-head'
import { meRoutes, profileRoutes, uploadRoutes, userRoutes } from './routes'

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
})
