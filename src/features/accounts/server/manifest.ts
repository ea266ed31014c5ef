import { accountCreated, robloxIdentityProven } from '@/platform/server/auth/hooks'
import { defineFeature } from '@/platform/server/context'
import { implement } from '@/platform/server/hooks'
import { MULTIPART_ENVELOPE_BYTES } from '@/platform/server/lib/validate'
import { AVATAR_MAX_BYTES } from '../rules'
import { blockRoutes } from './block-routes'
import { profilePageHead } from './page-head'
import { meRoutes, profileRoutes, uploadRoutes, userRoutes } from './routes'
import { createProfileRow, fillNameSkeletons, nameFromRoblox } from './service'

/**
 * Who is signed in, their profile and avatar, public trader profiles, and the traders each one blocked
 * (sign-in itself is the platform's auth).
 */
export default defineFeature({
  name: 'accounts',
  routes: {
    '/api/me': meRoutes,
    '/api/profile': profileRoutes,
    '/api/users': userRoutes,
    '/api/blocks': blockRoutes,
    '/uploads': uploadRoutes,
  },
  bodyLimits: [
    {
      method: 'POST',
      path: '/api/profile/avatar',
      maxBytes: AVATAR_MAX_BYTES + MULTIPART_ENVELOPE_BYTES,
      message: 'Avatar must be 5 MB or smaller',
    },
  ],
  // Every new account has its profile row (a username is chosen later).
  hooks: [
    implement(accountCreated, (db, userId) => createProfileRow(db, userId)),
    // An account made by signing in with Roblox is named after its Roblox username (decision 046).
    implement(robloxIdentityProven, async ({ db }, userId, roblox, { newAccount }) => {
      if (newAccount) await nameFromRoblox(db, userId, roblox.username, roblox.id)
    }),
  ],
  pageHeads: { '/u/:username': profilePageHead },
  async start({ database, logger }) {
    const names = await fillNameSkeletons(database.db)
    if (names.filled > 0 || names.lookAlikes > 0) logger.info(names, 'how names look filled in')
    return undefined
  },
})
