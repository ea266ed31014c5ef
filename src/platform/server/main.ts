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

/** After the drain, event streams are told to end (with a reconnect hint) and get this long to close. */
const STREAMS_GRACE_MS = 2_000
/** Then open requests get this long to finish before their connections are cut. */
const REQUESTS_GRACE_MS = 10_000
/** The stop after the drain takes at most this long (requests, workers, database): then the process exits. */
const FORCE_EXIT_AFTER_DRAIN_MS = 15_000

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
    auth: createAuth({
      env,
      logger,
      db: services.database.db,
      cache: services.cache,
      secret: services.secret,
    }),
  })

  const server = serveApp(
    app.fetch,
    { port: env.PORT, hostname: env.HOST, answers: sharedAnswers },
    (port) => {
      logger.info({ port, host: env.HOST, url: env.PUBLIC_URL }, `TradeHub is listening on ${env.PUBLIC_URL}`)
    },
  )

  /**
   * The graceful stop (docs/decisions/044-graceful-drain.md). At once /api/health answers 503, so the load
   * balancer stops sending, and every answer carries `Connection: close`; the server still serves for
   * SHUTDOWN_DRAIN_SECONDS. Then it stops listening, closes idle connections, ends event streams with a
   * reconnect hint and lets open requests finish (each connection closes as its answer ends), then stops
   * the features and workers (which give back their claims) and closes the database, and exits. A second
   * signal cuts the drain short; past the drain plus FORCE_EXIT_AFTER_DRAIN_MS the process exits anyway.
   */
  let stopping = false
  let endDrain: (() => void) | undefined
  const stop = async (signal: string) => {
    if (stopping) return endDrain?.()
    stopping = true
    const drainSeconds = env.SHUTDOWN_DRAIN_SECONDS
    const force = setTimeout(
      () => {
        flushRequestLog(logger)
        logger.error({ signal }, 'did not stop in time; exiting anyway')
        process.exit(1)
      },
      drainSeconds * 1000 + FORCE_EXIT_AFTER_DRAIN_MS,
    )
    force.unref()

    shutdown.drain()
    server.drain()
    if (drainSeconds > 0) {
      logger.info({ signal, drainSeconds }, 'shutting down: draining (health answers 503)')
      await new Promise<void>((resolve) => {
        endDrain = resolve
        setTimeout(resolve, drainSeconds * 1000)
      })
    }
    logger.info({ signal }, 'shutting down: no longer listening, finishing open requests')
    const closed = server.closeWhenIdle()
    const left = await shutdown.endStreams(STREAMS_GRACE_MS)
    if (left > 0) logger.warn({ streams: left }, 'event streams did not end in time')
    const cut = setTimeout(() => {
      logger.warn('open requests did not finish in time; closing anyway')
      server.closeAllConnections()
    }, REQUESTS_GRACE_MS)
    cut.unref()
    await closed
    clearTimeout(cut)
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
