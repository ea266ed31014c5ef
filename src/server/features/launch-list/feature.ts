import { defineFeature } from '@/server/context'
import { launchListAdminRoutes, launchListRoutes } from './routes'

/** The early-access list: sign-up, verification, resend, unsubscribe, and the admin's view of it. */
export const launchListFeature = defineFeature({
  name: 'launch-list',
  routes: { '/api/launch-list': launchListRoutes, '/api/admin/launch-list': launchListAdminRoutes },
})
