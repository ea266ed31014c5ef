import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { createAuth } from './auth/auth'
import { EnvError, loadEnv } from './env'
import { DEFAULT_LAUNCH_LIST_LIMITS } from './features/launch-list/service'
import { DataDirLockedError } from './lib/data-dir-lock'
import { createLogger } from './lib/logger'
import { webDistDir } from './lib/paths'
import { loadWebAssets } from './lib/web-assets'
import { startRuntime } from './start'

const SHUTDOWN_GRACE_MS = 10_000

async function main() {
  let env: ReturnType<typeof loadEnv>
  try {
    env = loadEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(env.LOG_LEVEL)

  let runtime: Awaited<ReturnType<typeof startRuntime>>
  try {
    runtime = await startRuntime(env, logger)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message)
      process.exit(1)
    }
    throw error
  }

  const web = loadWebAssets(webDistDir)
  if (!web) logger.warn(`no built web app in ${webDistDir}: run "npm run build"; serving the API only`)
  const app = createApp({
    env,
    logger,
    web,
    database: runtime.database,
    cache: runtime.cache,
    secret: runtime.secret,
    launchListLimits: DEFAULT_LAUNCH_LIST_LIMITS,
    auth: createAuth({ env, logger, db: runtime.database.db, secret: runtime.secret }),
  })

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(
      { port: info.port, host: env.HOST, url: env.PUBLIC_URL },
      `TradeHub is listening on ${env.PUBLIC_URL}`,
    )
  }) as Server

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down: finishing open requests')
    const force = setTimeout(() => {
      logger.warn('open requests did not finish in time; closing anyway')
      server.closeAllConnections()
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    server.close(async () => {
      try {
        await runtime.stop()
        logger.info('stopped')
        process.exit(0)
      } catch (err) {
        logger.error({ err }, 'error while stopping')
        process.exit(1)
      }
    })
    // Keep-alive connections with no request in flight would hold close() open.
    server.closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
