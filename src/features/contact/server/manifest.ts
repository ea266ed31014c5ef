import { defineFeature } from '@/platform/server/context'
import { contactAdminRoutes, contactRoutes } from './routes'

/** The contact form: anyone writes to the team; admins read the messages and mark them answered or closed. */
export default defineFeature({
  name: 'contact',
  routes: { '/api/contact': contactRoutes, '/api/admin/contact-messages': contactAdminRoutes },
})
