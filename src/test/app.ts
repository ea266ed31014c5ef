import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DestinationStream } from 'pino'
import { createApp } from '@/platform/server/app'
import { createAuth } from '@/platform/server/auth/auth'
import type { ServerFeature } from '@/platform/server/context'
import { openDatabase } from '@/platform/server/db/client'
import { type Env, loadEnv } from '@/platform/server/env'
import { createLogger } from '@/platform/server/lib/logger'
import type { LimitOverrides } from '@/platform/server/lib/rate-limit'
import { createSharedReadCache } from '@/platform/server/lib/read-cache'
import { SharedAnswers, serveApp } from '@/platform/server/lib/shared-answers'
import { Shutdown } from '@/platform/server/lib/shutdown'
import type { WebAssets } from '@/platform/server/lib/web/assets'
import { createTestDatabase } from './database'

export const TEST_ORIGIN = 'http://localhost:3000'

/**
 * A test never reaches the internet: no scheduled price import, and the official price APIs point at a
 * closed local port until a test points them at its own fixture server (Roblox's APIs too).
 */
const OFFLINE = {
  NODE_ENV: 'test',
  VALUE_IMPORT_INTERVAL_MINUTES: '0',
  PS99_API_URL: 'http://127.0.0.1:9',
  PETSGO_API_URL: 'http://127.0.0.1:9',
  ROBLOX_USERS_API_URL: 'http://127.0.0.1:9',
  ROBLOX_THUMBNAILS_API_URL: 'http://127.0.0.1:9',
}

/** The real app, in process, on a fresh database with the catalog imported. */
export async function createTestApp(
  options: {
    env?: Record<string, string>
    web?: WebAssets | null
    catalog?: boolean
    /** Other limits than the written ones, by feature: `{ 'launch-list': { subscribePerIp: … } }`. */
    limits?: LimitOverrides
    /** Other features than the registered ones. */
    features?: readonly ServerFeature[]
    /** Better Auth's per-address limits (requests need x-forwarded-for and TRUST_PROXY=true). */
    authRateLimit?: boolean
    /** Where the app's log lines go, at every level (none by default). */
    log?: DestinationStream
    /**
     * A second instance on this app's database (PostgreSQL only): its own connections and read cache,
     * as another server process has. Close it before the app it shares with.
     */
    sameDatabaseAs?: { database: { url?: string } }
    /** The Node server's shared cache of public answers, as main.ts sets it up (see `served`). */
    sharedAnswers?: boolean
    /** The server's clock (time-bound rules), for tests that move time on without waiting. */
    clock?: () => Date
  } = {},
) {
  // A fresh folder per app: uploads and generated files never land outside the temp dir.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehub-data-'))
  const env = loadEnv({ ...OFFLINE, PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir, ...options.env })
  const database = options.sameDatabaseAs
    ? await secondInstanceOf(options.sameDatabaseAs)
    : await createTestDatabase({ catalog: options.catalog !== false })
  const logger = options.log ? createLogger('trace', options.log) : createLogger('silent')
  // Wired as runtime.ts wires it: invalidations travel over LISTEN/NOTIFY to every instance.
  const { cache, unlisten } = await createSharedReadCache(database, logger)
  // What the app logs as errors (an unhandled error is one, answered 500), for tests to assert on.
  const loggedErrors: unknown[] = []
  const logError = logger.error.bind(logger)
  logger.error = ((...args: Parameters<typeof logger.error>) => {
    loggedErrors.push(args[0])
    logError(...args)
  }) as typeof logger.error
  const sharedAnswers = options.sharedAnswers ? new SharedAnswers(env.PUBLIC_URL, logger) : undefined
  const secret = 'test-secret-test-secret-test-secret'
  const shutdown = new Shutdown()
  const authFor = (appEnv: Env) =>
    createAuth({
      env: appEnv,
      logger,
      db: database.db,
      cache,
      secret,
      rateLimit: options.authRateLimit ?? false,
    })
  const build = (appEnv: Env, auth = authFor(appEnv)) =>
    createApp(
      {
        env: appEnv,
        database,
        cache,
        logger,
        web: options.web ?? null,
        secret,
        auth,
        shutdown,
        limits: options.limits,
        sharedAnswers,
        clock: options.clock,
      },
      options.features,
    )
  const auth = authFor(env)
  const app = build(env, auth)
  return {
    app,
    /** Another app on the same database and DATA_DIR, with these settings changed (cheaper than a new one). */
    appWith: (changes: Record<string, string>) =>
      build(loadEnv({ ...OFFLINE, PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir, ...options.env, ...changes })),
    env,
    database,
    cache,
    auth,
    sharedAnswers,
    /** The server secret the app signs derived tokens with (unsubscribe links). */
    secret,
    shutdown,
    loggedErrors,
    /** The app's logger (flushRequestLog writes its summed successful reads at once). */
    logger,
    close: async () => {
      await unlisten()
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Another connection to the PostgreSQL database of a test app; "dropping" it only closes it. */
async function secondInstanceOf(app: { database: { url?: string } }) {
  const url = app.database.url
  if (!url) throw new Error('sameDatabaseAs needs PostgreSQL (TEST_DATABASE_URL): PGlite has one connection')
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 })
  return Object.assign(database, { url, drop: () => database.close() })
}

/** An app on a real Node server (the way `npm start` serves it), on a free port. */
export async function served(app: {
  app: { fetch: (request: Request) => Response | Promise<Response> }
  sharedAnswers?: SharedAnswers
}) {
  const server = serveApp(app.app.fetch, { port: 0, hostname: '127.0.0.1', answers: app.sharedAnswers })
  await once(server, 'listening')
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}
