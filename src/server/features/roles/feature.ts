import { defineFeature } from '@/server/context'
import { roleRoutes } from './routes'

/** Roles: admins and per-game stock managers, kept in user_roles, granted and removed by admins. */
export const rolesFeature = defineFeature({
  name: 'roles',
  routes: { '/api/admin/roles': roleRoutes },
})
