import type { Database } from './db/client'
import { openDatabase } from './db/client'
import type { Env } from './env'
import { readCatalog } from './features/catalog/catalog-file'
import { importCatalog } from './features/catalog/import'
import { createMailTransport } from './features/mail/transport'
import { OutboxWorker } from './features/mail/worker'
import { lockDataDir } from './lib/data-dir-lock'
import type { Logger } from './lib/logger'
import { catalogDir } from './lib/paths'
import { ReadCache } from './lib/read-cache'
import { resolveSecret } from './lib/secret'

const CACHE_CHANNEL = 'cache_invalidate'

export interface Runtime {
  database: Database
  cache: ReadCache
  secret: string
  stop(): Promise<void>
}

/**
 * Everything a server process needs before it takes requests: the database (PGlite under DATA_DIR,
 * locked to this process, or PostgreSQL), migrations, the catalog import, the shared read cache, the
 * server secret and the mail outbox worker.
 */
export async function startRuntime(env: Env, logger: Logger): Promise<Runtime> {
  const releaseLock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR)
  let database: Database | undefined
  try {
    database = env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
      : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR })
    await database.migrate()
    const imported = await importCatalog(database.db, await readCatalog(catalogDir))
    logger.info({ database: database.kind, imported }, 'database ready')

    const db = database
    const cache = new ReadCache(undefined, (prefix) => {
      db.notify(CACHE_CHANNEL, prefix).catch((err) => logger.warn({ err }, 'cache invalidation not sent'))
    })
    const unlisten = await db.listen(CACHE_CHANNEL, (prefix) => cache.invalidateLocal(prefix))
    const transport = createMailTransport(env, logger)
    const worker = new OutboxWorker({ database: db, transport, logger })
    await worker.start()
    logger.info({ transport: transport.kind }, 'mail outbox worker started')
    return {
      database: db,
      cache,
      secret: resolveSecret(env),
      async stop() {
        await worker.stop()
        transport.close()
        await unlisten()
        await db.close()
        releaseLock()
      },
    }
  } catch (error) {
    await database?.close().catch(() => {})
    releaseLock()
    throw error
  }
}
