import type { AddressInfo } from 'node:net'
import type { Database } from './db/client'
import { type Env, EnvError, loadEnv } from './env'
import { lockDataDir } from './lib/data-dir-lock'
import { createAppServer } from './lib/http-server'
import { createLogger, flushRequestLog, type Logger } from './lib/logger'
import { ssrDistDir, webDistDir } from './lib/paths'
import { Shutdown } from './lib/shutdown'
import { Starting } from './lib/starting'
import { assertWritableDataDir, DataDirError } from './lib/writable-dir'
import type { Runtime } from './runtime'

/** After the drain, event streams are told to end (with a reconnect hint) and get this long to close. */
const STREAMS_GRACE_MS = 2_000
/** Then open requests get this long to finish before their connections are cut. */
const REQUESTS_GRACE_MS = 10_000
/** The stop after the drain takes at most this long (requests, workers, database): then the process exits. */
const FORCE_EXIT_AFTER_DRAIN_MS = 15_000

/** A signal arrived while the server was starting: the start ends after the step under way. */
class StoppedDuringStart extends Error {}

function readEnv(): Env {
  try {
    return loadEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

/** DATA_DIR writable, and locked to this process when it holds the embedded database. */
function takeDataDir(env: Env, logger: Logger): () => void {
  try {
    assertWritableDataDir(env.DATA_DIR)
    return env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR)
  } catch (error) {
    if (error instanceof DataDirError) {
      logger.fatal(error.message)
      process.exit(1)
    }
    throw error
  }
}

/**
 * The server listens first (docs/decisions/052-listen-first.md): once DATA_DIR is locked it takes
 * connections and answers every request 503 with Retry-After (/api/health: `starting`) while the app is
 * loaded, the database opened (the embedded one at the same time as the app's code loads) and migrated,
 * and the features started; then the app answers, and the workers start.
 */
async function main() {
  const env = readEnv()
  const logger = createLogger(env.LOG_LEVEL)
  const releaseLock = takeDataDir(env, logger)

  const starting = new Starting()
  const shutdown = new Shutdown()
  const server = createAppServer(starting.listener)
  server.on('error', (err: NodeJS.ErrnoException) => {
    logger.fatal({ err }, `cannot listen on ${env.HOST}:${env.PORT}: ${err.code ?? err.message}`)
    releaseLock()
    process.exit(1)
  })
  server.listen(env.PORT, env.HOST, () => {
    const { port } = server.address() as AddressInfo
    logger.info({ port, host: env.HOST, url: env.PUBLIC_URL }, `TradeHub is listening on ${env.PUBLIC_URL}`)
  })

  let stopSignal: string | undefined
  let database: Database | undefined
  let runtime: Runtime | undefined
  let workers: Promise<void> | undefined
  const notStopped = () => {
    if (stopSignal) throw new StoppedDuringStart()
  }
  const at: Record<string, number> = {}
  const mark = (step: string) => {
    at[step] = Math.round(performance.now())
  }

  /**
   * The graceful stop (docs/decisions/044-graceful-drain.md). At once /api/health answers 503, so the load
   * balancer stops sending, and every answer carries `Connection: close`; the server still serves for
   * SHUTDOWN_DRAIN_SECONDS. Then it stops listening, closes idle connections, ends event streams with a
   * reconnect hint and lets open requests finish (each connection closes as its answer ends), then stops
   * the features and workers (which give back their claims) and closes the database, and exits. A second
   * signal cuts the drain short; past the drain plus FORCE_EXIT_AFTER_DRAIN_MS the process exits anyway.
   * While the server is still starting (every answer a 503 already), no drain: the start ends after the
   * step under way (a migration is never cut in half) and what it started is stopped.
   */
  let endDrain: (() => void) | undefined
  const stop = async (signal: string) => {
    if (stopSignal) return endDrain?.()
    stopSignal = signal
    const drainSeconds = starting.isReady ? env.SHUTDOWN_DRAIN_SECONDS : 0
    const force = setTimeout(
      () => {
        flushRequestLog(logger)
        logger.error({ signal }, 'did not stop in time; exiting anyway')
        process.exit(1)
      },
      drainSeconds * 1000 + FORCE_EXIT_AFTER_DRAIN_MS,
    )
    force.unref()
    if (!starting.isReady) {
      logger.info({ signal }, 'shutting down while starting: stopping after the current step')
      return
    }

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
      await workers?.catch(() => {})
      await runtime?.stop()
      releaseLock()
      flushRequestLog(logger)
      logger.info('stopped')
      process.exit(0)
    } catch (err) {
      releaseLock()
      flushRequestLog(logger)
      logger.error({ err }, 'error while stopping')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))

  try {
    // The embedded database starts opening (its WebAssembly compiles off this thread) before the app's
    // code is loaded and run, which is most of a start's time.
    const { openDatabase } = await import('./db/client')
    const opening = env.DATABASE_URL
      ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
      : openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR })
    opening.then(
      (opened) => {
        database = opened
      },
      () => {},
    )
    const parts = await import('./app-start')
    mark('loaded')
    const web = parts.loadWebAssets(webDistDir)
    const renderer = web ? parts.loadPageRenderer(ssrDistDir) : undefined
    renderer?.catch(() => {})
    await opening
    mark('database')
    notStopped()
    runtime = await parts.startRuntime(env, logger, await opening)
    mark('runtime')
    notStopped()

    if (!web) logger.warn(`no built web app in ${webDistDir}: run "npm run build"; serving the API only`)
    else web.createRenderer = await renderer
    const { services } = runtime
    const sharedAnswers = new parts.SharedAnswers(env.PUBLIC_URL, logger)
    const app = parts.createApp({
      ...services,
      web,
      shutdown,
      sharedAnswers,
      auth: parts.createAuth({
        env,
        logger,
        db: services.database.db,
        cache: services.cache,
        secret: services.secret,
      }),
    })
    notStopped()
    starting.ready(parts.appListener(app.fetch, { hostname: env.HOST, answers: sharedAnswers }))
    mark('ready')
    logger.info({ ms: at }, `TradeHub is ready (${at.ready} ms after the process started)`)
    workers = runtime.startWorkers()
    await workers
  } catch (error) {
    if (starting.isReady && !(error instanceof StoppedDuringStart)) {
      // The app answers; a worker failed to start: the process stops, as a failed start does.
      logger.fatal({ err: error }, 'a worker failed to start')
    } else if (!(error instanceof StoppedDuringStart)) {
      logger.fatal({ err: error }, 'the server failed to start')
    }
    server.close()
    server.closeAllConnections()
    try {
      if (runtime) await runtime.stop()
      else await database?.close()
    } catch (err) {
      logger.error({ err }, 'error while stopping')
    }
    releaseLock()
    flushRequestLog(logger)
    if (error instanceof StoppedDuringStart) {
      logger.info('stopped')
      process.exit(0)
    }
    process.exit(1)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
