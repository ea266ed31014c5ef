import { defineFeature } from '@/server/context'
import { contactAdminRoutes, contactRoutes } from './routes'

/** The contact form: anyone writes to the team; admins read the messages and mark them answered or closed. */
export const contactFeature = defineFeature({
  name: 'contact',
  routes: { '/api/contact': contactRoutes, '/api/admin/contact-messages': contactAdminRoutes },
})
