import { defineFeature } from '@/platform/server/context'
import { siteRoutes } from './routes'

/** The landing page's figures (counted from the database) and the site's public links. */
export default defineFeature({
  name: 'landing',
  routes: { '/api/site': siteRoutes },
})
