import { signInRefusal } from '@/platform/server/auth/hooks'
import { defineFeature } from '@/platform/server/context'
import { implement } from '@/platform/server/hooks'
import { auditRoutes, mailRoutes, overviewRoutes, userRoutes } from './routes'
import { suspensionRefusal } from './service'

/** The site team's tools: the overview, users (suspend, restore, sign out), the mail queue, the audit log. */
export default defineFeature({
  name: 'admin',
  routes: {
    '/api/admin/overview': overviewRoutes,
    '/api/admin/users': userRoutes,
    '/api/admin/mail': mailRoutes,
    '/api/admin/audit': auditRoutes,
  },
  // A suspended account signs in nowhere, and is told why.
  hooks: [implement(signInRefusal, suspensionRefusal)],
})
