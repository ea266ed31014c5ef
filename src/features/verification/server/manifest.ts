import { robloxIdentityProven, robloxIdentityRefusal } from '@/platform/server/auth/hooks'
import { defineFeature } from '@/platform/server/context'
import { callHook, implement } from '@/platform/server/hooks'
import { robloxAccountChanged } from './hooks'
import { robloxVerificationRoutes } from './routes'
import { robloxTakenRefusal, verifyByRobloxSignIn } from './service'

/**
 * Verified Roblox accounts: a trader proves a Roblox account is theirs with a phrase of plain words in
 * its About, read through Roblox's public APIs, or by signing in with Roblox (or linking it).
 * docs/decisions/033-trust-server.md, 046-sign-in-with-roblox.md
 */
export default defineFeature({
  name: 'verification',
  routes: { '/api/verification/roblox': robloxVerificationRoutes },
  hooks: [
    // Signing in with Roblox, or linking it, proves the account as the phrase does (decision 046).
    implement(robloxIdentityRefusal, (db, userId, roblox) => robloxTakenRefusal(db, userId, roblox.id)),
    implement(robloxIdentityProven, async (deps, userId, roblox) => {
      if (await verifyByRobloxSignIn(deps.db, userId, roblox))
        await callHook(robloxAccountChanged, deps, [userId])
    }),
  ],
})
