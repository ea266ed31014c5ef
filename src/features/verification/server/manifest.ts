import { defineFeature } from '@/platform/server/context'
import { robloxVerificationRoutes } from './routes'

/**
 * Verified Roblox accounts: a trader proves a Roblox account is theirs with a phrase of plain words in
 * its About, read through Roblox's public APIs. docs/decisions/033-trust-server.md
 */
export default defineFeature({
  name: 'verification',
  routes: { '/api/verification/roblox': robloxVerificationRoutes },
})
