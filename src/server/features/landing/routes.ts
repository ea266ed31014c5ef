import { Hono } from 'hono'
import type { AppEnv } from '@/server/context'
import { sendCachedJson, toCachedJson } from '@/server/lib/read-cache'
import { getSiteSummary, siteLinks } from './service'

/** Cache key prefix: catalog writes invalidate `catalog:`, which this summary counts. */
export const SITE_SUMMARY_KEY = 'catalog:site-summary'

export const siteRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { cache, database, env } = c.get('deps')
    return sendCachedJson(c, await cache.json(SITE_SUMMARY_KEY, () => getSiteSummary(database.db, env)), 60)
  })
  // Every page reads it once (the shell offers only the links that are configured): set at start.
  .get('/links', (c) => sendCachedJson(c, toCachedJson(siteLinks(c.var.deps.env)), 300))
