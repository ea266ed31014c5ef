import type { ServerFeature, Services, Started } from './context'
import type { Database } from './db/client'
import type { Env } from './env'
import { FEATURES } from './features'
import type { Logger } from './lib/logger'
import { createMailTransport } from './lib/mail/transport'
import { OutboxWorker } from './lib/mail/worker'
import { createSharedReadCache } from './lib/read-cache'
import { resolveSecret } from './lib/secret'

export interface Runtime {
  services: Services
  /**
   * Starts what requests do not wait for, once the app answers: the mail outbox worker and every
   * feature's `startWorkers` (docs/decisions/052-listen-first.md).
   */
  startWorkers(): Promise<void>
  /**
   * Stops the workers and the features (in reverse order: their workers finish what they deliver and
   * give back their claims) and the listeners, then closes the database.
   */
  stop(): Promise<void>
}

/**
 * Everything a server process needs before it takes requests, on a database main.ts has opened (and
 * whose DATA_DIR it has locked): its migrations, the read cache kept in step with the other instances,
 * the server secret, and every feature's `start`. The database is the runtime's from here: closed by
 * `stop`, or when the start fails.
 */
export async function startRuntime(
  env: Env,
  logger: Logger,
  database: Database,
  features: readonly ServerFeature[] = FEATURES,
): Promise<Runtime> {
  const started: Started[] = [{ stop: () => database.close() }]
  // Every part is stopped even when one fails (the database is closed last); the first failure is thrown.
  const stopAll = async () => {
    const failures: unknown[] = []
    for (const part of started.splice(0).reverse()) {
      try {
        await part.stop()
      } catch (error) {
        failures.push(error)
      }
    }
    if (failures.length > 0) throw failures[0]
  }
  try {
    const migrated = await database.migrate()
    logger.info({ database: database.kind, migrated }, 'database ready')

    const { cache, unlisten } = await createSharedReadCache(database, logger)
    started.push({ stop: unlisten })

    const transport = createMailTransport(env, logger)
    started.push({ stop: async () => transport.close() })

    const services: Services = { env, logger, database, cache, secret: resolveSecret(env) }
    for (const feature of features) {
      const part = await feature.start?.(services)
      if (part) started.push(part)
    }

    const startWorkers = async () => {
      const worker = new OutboxWorker({ database, transport, logger })
      await worker.start()
      started.push(worker)
      logger.info({ transport: transport.kind }, 'mail outbox worker started')
      for (const feature of features) {
        const part = await feature.startWorkers?.(services)
        if (part) started.push(part)
      }
    }
    return { services, startWorkers, stop: stopAll }
  } catch (error) {
    await stopAll().catch(() => {})
    throw error
  }
}
