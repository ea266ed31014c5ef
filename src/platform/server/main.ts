import { createApp } from './app'
import { createAuth } from './auth/auth'
import { EnvError, loadEnv } from './env'
import { createLogger, flushRequestLog } from './lib/logger'
import { ssrDistDir, webDistDir } from './lib/paths'
import { SharedAnswers, serveApp } from './lib/shared-answers'
import { Shutdown } from './lib/shutdown'
import { loadPageRenderer, loadWebAssets } from './lib/web/assets'
import { DataDirError } from './lib/writable-dir'
import { type Runtime, startRuntime } from './runtime'

/** Event streams are told to end first and get this long to close. */
const STREAMS_GRACE_MS = 2_000
/** Then open requests get this long to finish before their connections are cut. */
const REQUESTS_GRACE_MS = 10_000

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

  let runtime: Runtime
  try {
    runtime = await startRuntime(env, logger)
  } catch (error) {
    if (error instanceof DataDirError) {
      logger.fatal(error.message)
      process.exit(1)
    }
    throw error
  }

  const web = loadWebAssets(webDistDir)
  if (!web) logger.warn(`no built web app in ${webDistDir}: run "npm run build"; serving the API only`)
  else web.createRenderer = await loadPageRenderer(ssrDistDir)
  const shutdown = new Shutdown()
  const { services } = runtime
  const sharedAnswers = new SharedAnswers(env.PUBLIC_URL, logger)
  const app = createApp({
    ...services,
    web,
    shutdown,
    sharedAnswers,
    auth: createAuth({ env, logger, db: services.database.db, secret: services.secret }),
  })

  const server = serveApp(
    app.fetch,
    { port: env.PORT, hostname: env.HOST, answers: sharedAnswers },
    (port) => {
      logger.info({ port, host: env.HOST, url: env.PUBLIC_URL }, `TradeHub is listening on ${env.PUBLIC_URL}`)
    },
  )

  /**
   * Stop accepting connections, tell event streams to end (2 s at most), let open requests finish
   * (10 s at most), then stop the features and workers and close the database.
   */
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down: finishing open requests')
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    // Keep-alive connections with no request in flight would hold close() open.
    server.closeIdleConnections()
    const left = await shutdown.endStreams(STREAMS_GRACE_MS)
    if (left > 0) logger.warn({ streams: left }, 'event streams did not end in time')
    const force = setTimeout(() => {
      logger.warn('open requests did not finish in time; closing anyway')
      server.closeAllConnections()
    }, REQUESTS_GRACE_MS)
    force.unref()
    await closed
    try {
      await runtime.stop()
      flushRequestLog(logger)
      logger.info('stopped')
      process.exit(0)
    } catch (err) {
      flushRequestLog(logger)
      logger.error({ err }, 'error while stopping')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
