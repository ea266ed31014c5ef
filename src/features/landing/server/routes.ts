import { Hono } from 'hono'
import { catalogOf } from '@/features/catalog/server/public'
import type { AppEnv } from '@/platform/server/context'
import { sendCachedJson, toCachedJson } from '@/platform/server/lib/read-cache'
import { getSiteSummary, siteLinks } from './service'

/** Cache key prefix: catalog writes invalidate `catalog:`, which this summary counts. */
export const SITE_SUMMARY_KEY = 'catalog:site-summary'

export const siteRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const deps = c.get('deps')
    return sendCachedJson(
      c,
      await deps.cache.json(SITE_SUMMARY_KEY, () => getSiteSummary(catalogOf(deps), deps.env)),
      60,
    )
  })
  // Every page reads it once (the shell offers only the links that are configured): set at start.
  .get('/links', (c) => sendCachedJson(c, toCachedJson(siteLinks(c.var.deps.env)), 300))
