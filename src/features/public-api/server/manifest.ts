import { defineFeature } from '@/platform/server/context'
import { apiKeyRoutes, v1Routes } from './routes'

/** The public API v1 for bots and sites, its OpenAPI document and the traders' API keys (decision 040). */
export default defineFeature({
  name: 'public-api',
  routes: { '/api/v1': v1Routes, '/api/profile/api-keys': apiKeyRoutes },
})
