import { accountRestored, accountSuspended } from '@/features/admin/server/public'
import { defineFeature } from '@/platform/server/context'
import { implement } from '@/platform/server/hooks'
import { forgetKeysOf } from './limits'
import { apiKeyRoutes, v1Routes } from './routes'

/** The public API v1 for bots and sites, its OpenAPI document and the traders' API keys (decision 040). */
export default defineFeature({
  name: 'public-api',
  routes: { '/api/v1': v1Routes, '/api/profile/api-keys': apiKeyRoutes },
  // A key works only while its account may sign in: a suspension stops it at once, lifting it restarts it.
  hooks: [
    implement(accountSuspended, ({ db }, userId) => forgetKeysOf(db, userId)),
    implement(accountRestored, ({ db }, userId) => forgetKeysOf(db, userId)),
  ],
})
