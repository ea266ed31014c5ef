import { defineFeature } from '@/platform/server/context'
import { roleRoutes } from './routes'

/** Roles: admins and per-game stock managers, kept in user_roles, granted and removed by admins. */
export default defineFeature({
  name: 'roles',
  routes: { '/api/admin/roles': roleRoutes },
})
