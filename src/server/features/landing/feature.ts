import { defineFeature } from '@/server/context'
import { siteRoutes } from './routes'

/** The landing page's figures (counted from the database) and the site's public links. */
export const landingFeature = defineFeature({
  name: 'landing',
  routes: { '/api/site': siteRoutes },
})
