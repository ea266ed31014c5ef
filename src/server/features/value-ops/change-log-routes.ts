import { Hono } from 'hono'
import type { AppEnv } from '@/server/context'
import { CATALOG_CACHE_PREFIX } from '@/server/features/catalog/public'
import { sendCachedJson } from '@/server/lib/read-cache'
import { queryParams } from '@/server/lib/validate'
import { changesQuerySchema } from '@/shared/value-ops'
import { listChanges } from './change-log'

/**
 * /api/changes: the public change log. Cached with the catalog (a change drops the catalog's cache on
 * every instance, so a new entry shows at once).
 */
export const changeLogRoutes = new Hono<AppEnv>().get('/', queryParams(changesQuerySchema), async (c) => {
  const query = c.req.valid('query')
  const { cache, database } = c.var.deps
  const key = `${CATALOG_CACHE_PREFIX}change-log:${query.game ?? ''}:${query.source ?? ''}:${query.page}:${query.pageSize}`
  return sendCachedJson(c, await cache.json(key, () => listChanges(database.db, query)))
})
