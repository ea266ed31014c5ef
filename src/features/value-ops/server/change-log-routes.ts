import { Hono } from 'hono'
import { CATALOG_CACHE_PREFIX } from '@/features/catalog/server/public'
import { changesQuerySchema } from '@/features/value-ops/contract'
import type { AppEnv } from '@/platform/server/context'
import { sendCachedJson } from '@/platform/server/lib/read-cache'
import { queryParams } from '@/platform/server/lib/validate'
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
