import type { ServerFeature, Services, Started } from './context'
import { openDatabase } from './db/client'
import type { Env } from './env'
import { FEATURES } from './features'
import { lockDataDir } from './lib/data-dir-lock'
import type { Logger } from './lib/logger'
import { createMailTransport } from './lib/mail/transport'
import { OutboxWorker } from './lib/mail/worker'
import { createSharedReadCache } from './lib/read-cache'
import { resolveSecret } from './lib/secret'
import { assertWritableDataDir } from './lib/writable-dir'

export interface Runtime {
  services: Services
  /**
   * Stops the features (in reverse order: their workers finish what they deliver and give back their
   * claims), the mail worker and the listeners, then closes the database.
   */
  stop(): Promise<void>
}

/**
 * Everything a server process needs before it takes requests: the database (PGlite under DATA_DIR,
 * locked to this process, or PostgreSQL) and its migrations, the read cache kept in step with the other
 * instances, the server secret, the mail outbox worker, and then every feature's `start`.
 */
export async function startRuntime(
  env: Env,
  logger: Logger,
  features: readonly ServerFeature[] = FEATURES,
): Promise<Runtime> {
  assertWritableDataDir(env.DATA_DIR)
  const releaseLock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR)
  const started: Started[] = []
  // Every part is stopped even when one fails (the database is closed last); the first failure is thrown.
  const stopAll = async () => {
    const failures: unknown[] = []
    for (const part of started.reverse()) {
      try {
        await part.stop()
      } catch (error) {
        failures.push(error)
      }
    }
    releaseLock()
    if (failures.length > 0) throw failures[0]
  }
  try {
    const database = env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
      : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR })
    started.push({ stop: () => database.close() })
    await database.migrate()
    logger.info({ database: database.kind }, 'database ready')

    const { cache, unlisten } = await createSharedReadCache(database, logger)
    started.push({ stop: unlisten })

    const transport = createMailTransport(env, logger)
    const worker = new OutboxWorker({ database, transport, logger })
    started.push({ stop: async () => transport.close() })
    await worker.start()
    started.push(worker)
    logger.info({ transport: transport.kind }, 'mail outbox worker started')

    const services: Services = { env, logger, database, cache, secret: resolveSecret(env) }
    for (const feature of features) {
      const part = await feature.start?.(services)
      if (part) started.push(part)
    }
    return { services, stop: stopAll }
  } catch (error) {
    await stopAll().catch(() => {})
    throw error
  }
}
