import { defineFeature } from '@/platform/server/context'
import { auditRoutes, mailRoutes, overviewRoutes, userRoutes } from './routes'

/** The site team's tools: the overview, users (suspend, restore, sign out), the mail queue, the audit log. */
export default defineFeature({
  name: 'admin',
  routes: {
    '/api/admin/overview': overviewRoutes,
    '/api/admin/users': userRoutes,
    '/api/admin/mail': mailRoutes,
    '/api/admin/audit': auditRoutes,
  },
})
