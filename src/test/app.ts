import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createApp } from '@/server/app'
import { createAuth } from '@/server/auth/auth'
import { loadEnv } from '@/server/env'
import { readCatalog } from '@/server/features/catalog/catalog-file'
import { importCatalog } from '@/server/features/catalog/import'
import { DEFAULT_LAUNCH_LIST_LIMITS, type LaunchListLimits } from '@/server/features/launch-list/service'
import { createLogger } from '@/server/lib/logger'
import { catalogDir } from '@/server/lib/paths'
import { ReadCache } from '@/server/lib/read-cache'
import type { WebAssets } from '@/server/lib/web-assets'
import { createTestDatabase } from './database'

export const TEST_ORIGIN = 'http://localhost:3000'

/** The real app, in process, on a fresh database with the catalog imported. */
export async function createTestApp(
  options: {
    env?: Record<string, string>
    web?: WebAssets | null
    catalog?: boolean
    launchListLimits?: Partial<LaunchListLimits>
    /** Better Auth's per-address limits (requests need x-forwarded-for and TRUST_PROXY=true). */
    authRateLimit?: boolean
  } = {},
) {
  // A fresh folder per app: uploads and generated files never land outside the temp dir.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehub-data-'))
  const env = loadEnv({ NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir, ...options.env })
  const database = await createTestDatabase()
  if (options.catalog !== false) await importCatalog(database.db, await readCatalog(catalogDir))
  const cache = new ReadCache()
  const logger = createLogger('silent')
  // What the app logs as errors (an unhandled error is one, answered 500), for tests to assert on.
  const loggedErrors: unknown[] = []
  logger.error = ((...args: unknown[]) => {
    loggedErrors.push(args[0])
  }) as typeof logger.error
  const secret = 'test-secret-test-secret-test-secret'
  const auth = createAuth({ env, logger, db: database.db, secret, rateLimit: options.authRateLimit ?? false })
  const app = createApp({
    env,
    database,
    cache,
    logger,
    web: options.web ?? null,
    secret,
    auth,
    launchListLimits: { ...DEFAULT_LAUNCH_LIST_LIMITS, ...options.launchListLimits },
  })
  return {
    app,
    env,
    database,
    cache,
    auth,
    loggedErrors,
    close: async () => {
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
