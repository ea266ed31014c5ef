import { Hono } from 'hono'
import type { AppEnv } from '@/platform/server/context'
import { DATABASE_RETRY_AFTER_SECONDS, databaseOutageOf } from '@/platform/server/lib/database-outage'
import { checkStorage } from '@/platform/server/lib/writable-dir'
import { APP_VERSION } from '@/shared/constants'

const PING_TIMEOUT_MS = 2000

/**
 * 200 when the database answers and the folders the server writes in are writable; 503 while the server
 * drains (it is stopping), or naming what is not (with Retry-After while the database is away, whose
 * outage is logged once).
 */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { database, env, logger, shutdown } = c.var.deps
  c.header('Cache-Control', 'no-store')
  // Stopping (SIGTERM): out of the load balancer's rotation at once, while it still serves (decision 044).
  if (shutdown.draining) return c.json({ status: 'draining' as const, version: APP_VERSION }, 503)
  const [databaseUp, storage] = await Promise.all([
    Promise.race([
      database.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS).unref()),
    ]).then(
      () => true,
      (err) => {
        databaseOutageOf(database, logger).noticed(err)
        return false
      },
    ),
    checkStorage(env),
  ])
  if (!storage.ok) logger.warn({ problems: storage.problems }, 'health: a data folder is not writable')
  const ok = databaseUp && storage.ok
  if (!databaseUp) c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
  return c.json(
    {
      status: ok ? ('ok' as const) : ('error' as const),
      database: databaseUp ? ('ok' as const) : ('unreachable' as const),
      storage: storage.folders,
      version: APP_VERSION,
    },
    ok ? 200 : 503,
  )
})
