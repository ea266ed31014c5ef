import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { migrationsDir } from '../lib/paths'

/** Typed as node-postgres; the PGlite driver has the same query API and result shape (`rows`). */
export type Db = NodePgDatabase

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` omitted: in memory, empty or loaded from `dump` (a data folder dumped by PGlite). */
  | { kind: 'pglite'; dataDir?: string; dump?: Blob }

type Listener = (payload: string) => void

/** A database handle the same for PGlite and PostgreSQL: queries, migrations, LISTEN/NOTIFY, close. */
export interface Database {
  readonly kind: DatabaseOptions['kind']
  readonly db: Db
  migrate(): Promise<void>
  ping(): Promise<void>
  /** Calls `onPayload` for each NOTIFY on `channel`; with '' after a lost connection is restored. */
  listen(channel: string, onPayload: Listener): Promise<() => Promise<void>>
  notify(channel: string, payload: string): Promise<void>
  close(): Promise<void>
}

/** Any fixed number: it names the lock that serialises migrations between instances. */
const MIGRATION_LOCK_KEY = 7_240_311

const drizzleConfig = { casing: 'snake_case' } as const

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.dump)
}

async function openPglite(dataDir?: string, dump?: Blob): Promise<Database> {
  const client = dataDir ? new PGlite(path.join(dataDir, 'db')) : new PGlite({ loadDataDir: dump })
  await client.waitReady
  const db = drizzlePglite({ client, ...drizzleConfig }) as unknown as Db
  return {
    kind: 'pglite',
    db,
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: migrationsDir })
    },
    async ping() {
      await client.query('select 1')
    },
    async listen(channel, onPayload) {
      return client.listen(channel, onPayload)
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload])
    },
    async close() {
      if (!client.closed) await client.close()
    },
  }
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool, ...drizzleConfig }) as unknown as Db
  let listenClient: pg.Client | undefined
  let closed = false
  const listeners = new Map<string, Set<Listener>>()

  /**
   * The one connection that LISTENs. When it drops, it is opened again (1 s, 2 s… up to 30 s apart),
   * every channel is listened to again, and every listener is called with '' because anything may have
   * been missed meanwhile (the cache drops everything, the outbox workers look for due mail).
   */
  async function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return listenClient
    const client = new pg.Client({ connectionString: url })
    client.on('notification', (msg) => {
      for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? '')
    })
    const lost = () => {
      if (listenClient !== client) return
      listenClient = undefined
      client.end().catch(() => {})
      if (!closed) reconnect(1000)
    }
    client.on('error', lost)
    client.on('end', lost)
    await client.connect()
    listenClient = client
    return client
  }

  function reconnect(delayMs: number) {
    const timer = setTimeout(async () => {
      if (closed) return
      try {
        const client = await ensureListenClient()
        for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
        for (const set of listeners.values()) for (const fn of set) fn('')
      } catch {
        listenClient?.end().catch(() => {})
        listenClient = undefined
        reconnect(Math.min(delayMs * 2, 30_000))
      }
    }, delayMs)
    timer.unref()
  }

  return {
    kind: 'postgres',
    db,
    async migrate() {
      // Two instances starting at once: the second waits here, then finds nothing left to apply.
      const lockClient = await pool.connect()
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        await migratePg(db as never, { migrationsFolder: migrationsDir })
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
        lockClient.release()
      }
    },
    async ping() {
      await db.execute(sql`select 1`)
    },
    async listen(channel, onPayload) {
      const client = await ensureListenClient()
      let set = listeners.get(channel)
      if (!set) {
        set = new Set()
        listeners.set(channel, set)
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      }
      set.add(onPayload)
      return async () => {
        set.delete(onPayload)
      }
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
    async close() {
      closed = true
      await listenClient?.end().catch(() => {})
      await pool.end()
    },
  }
}
