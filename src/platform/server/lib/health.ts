import { Hono } from 'hono'
import type { AppEnv } from '@/platform/server/context'
import { checkStorage } from '@/platform/server/lib/writable-dir'
import { APP_VERSION } from '@/shared/constants'

const PING_TIMEOUT_MS = 2000

/** 200 when the database answers and the folders the server writes in are writable; 503 naming what is not. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { database, env, logger } = c.var.deps
  c.header('Cache-Control', 'no-store')
  const [databaseUp, storage] = await Promise.all([
    Promise.race([
      database.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS).unref()),
    ]).then(
      () => true,
      () => false,
    ),
    checkStorage(env),
  ])
  if (!storage.ok) logger.warn({ problems: storage.problems }, 'health: a data folder is not writable')
  const ok = databaseUp && storage.ok
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
