import { Hono } from 'hono'
import type { AppEnv } from '@/server/app'
import { APP_VERSION } from '@/shared/constants'

const PING_TIMEOUT_MS = 2000

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { database } = c.var.deps
  c.header('Cache-Control', 'no-store')
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS).unref()),
    ])
    return c.json({ status: 'ok' as const, database: 'ok' as const, version: APP_VERSION })
  } catch {
    return c.json({ status: 'error' as const, database: 'unreachable' as const, version: APP_VERSION }, 503)
  }
})
