import { defineFeature } from '@/platform/server/context'
import { launchListAdminRoutes, launchListRoutes } from './routes'

/** The early-access list: sign-up, verification, resend, unsubscribe, and the admin's view of it. */
export default defineFeature({
  name: 'launch-list',
  routes: { '/api/launch-list': launchListRoutes, '/api/admin/launch-list': launchListAdminRoutes },
})
