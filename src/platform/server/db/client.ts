import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { databaseUnreachable } from '../lib/errors'
import { migrationsDir } from '../lib/paths'
import { migrationsCurrent } from './migrated'

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
  /**
   * Applies the migrations the database lacks; when it has them all (one query: migrationsCurrent), does
   * nothing more. Resolves with whether the migrator ran.
   */
  migrate(): Promise<boolean>
  ping(): Promise<void>
  /** Calls `onPayload` for each NOTIFY on `channel`; with '' after a lost connection is restored. */
  listen(channel: string, onPayload: Listener): Promise<() => Promise<void>>
  notify(channel: string, payload: string): Promise<void>
  /**
   * Resolves once every NOTIFY committed before the call has reached the listeners: a round trip on
   * the LISTEN connection, as PostgreSQL sends what it has pending before it answers.
   */
  heardAll(): Promise<void>
  close(): Promise<void>
}

/** Any fixed number: it names the lock that serialises migrations between instances. */
const MIGRATION_LOCK_KEY = 7_240_311

const drizzleConfig = { casing: 'snake_case' } as const

/**
 * How long a request waits for a connection (a free one of the pool, or a new one) before it fails as
 * the database being away (503): without it, a database host that stops answering holds every request.
 */
const CONNECT_TIMEOUT_MS = 10_000

/**
 * TCP keep-alive on every connection, first probe after 10 s idle: a database host that vanishes
 * without closing its connections (a failover) is noticed, above all by the LISTEN connection.
 */
const keepAlive = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 }

type CommitHook = () => void | Promise<void>
const commitHooks = new WeakMap<object, CommitHook[]>()

/**
 * Runs `hook` once the transaction `tx` belongs to has committed, never if it rolls back; the
 * transaction's promise settles after the hooks (a hook's promise is awaited: it must not reject). `tx`
 * not a transaction of `db.transaction` (the database itself, or a nested savepoint's): at once.
 */
export function afterCommit(tx: object, hook: CommitHook): void {
  const hooks = commitHooks.get(tx)
  if (hooks) hooks.push(hook)
  else void hook()
}

/** `db.transaction` of `run`, with the hooks `afterCommit` registers run after its commit. */
function withCommitHooks(db: Db, run: Db['transaction']): void {
  db.transaction = (async (fn, config) => {
    const hooks: CommitHook[] = []
    const result = await run(async (tx) => {
      commitHooks.set(tx, hooks)
      return fn(tx)
    }, config)
    await Promise.all(hooks.map((hook) => hook()))
    return result
  }) as Db['transaction']
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.dump)
}

async function openPglite(dataDir?: string, dump?: Blob): Promise<Database> {
  const client = dataDir ? new PGlite(path.join(dataDir, 'db')) : new PGlite({ loadDataDir: dump })
  await client.waitReady
  const db = drizzlePglite({ client, ...drizzleConfig }) as unknown as Db
  withCommitHooks(db, db.transaction.bind(db))
  return {
    kind: 'pglite',
    db,
    async migrate() {
      if (await migrationsCurrent(db)) return false
      await migratePglite(db as never, { migrationsFolder: migrationsDir })
      return true
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
    async heardAll() {
      await client.query('select 1')
    },
    async close() {
      if (!client.closed) await client.close()
    },
  }
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...keepAlive,
  })
  // A connection the database drops (a restart, a failover, pg_terminate_backend) must not end the
  // process. pg-pool listens for errors only on idle clients (it removes its listener on checkout):
  // this one, added once per new client, stays while a transaction holds it. The error also fails the
  // client's query under way, or its next one ('not queryable'), which is where it is handled.
  pool.on('connect', (client) => client.on('error', () => {}))
  // An idle client that loses its connection: the pool drops it and opens another when needed.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool, ...drizzleConfig }) as unknown as Db
  withCommitHooks(db, (fn, config) => transactionOnOwnClient(pool, fn, config))
  let listenClient: pg.Client | undefined
  let connecting: Promise<pg.Client> | undefined
  let retry: NodeJS.Timeout | undefined
  let closed = false
  const listeners = new Map<string, Set<Listener>>()

  /**
   * The one connection that LISTENs. When it drops, it is opened again (1 s, 2 s… up to 30 s apart),
   * every channel is listened to again, and every listener is called with '' because anything may have
   * been missed meanwhile (the cache drops everything, the outbox workers look for due mail).
   */
  async function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return listenClient
    // One connection at a time, however many callers ask while it is being opened.
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url, ...keepAlive })
      client.on('notification', (msg) => {
        for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? '')
      })
      const lost = () => {
        if (listenClient !== client) return
        listenClient = undefined
        client.end().catch(() => {})
        reconnect(1000)
      }
      client.on('error', lost)
      client.on('end', lost)
      try {
        await client.connect()
      } catch (error) {
        client.end().catch(() => {})
        throw error
      }
      listenClient = client
      return client
    })().finally(() => {
      connecting = undefined
    })
    return connecting
  }

  /** One attempt at a time: a connection lost while one is under way is left to that attempt. */
  function reconnect(delayMs: number) {
    if (closed || retry) return
    retry = setTimeout(async () => {
      let client: pg.Client | undefined
      try {
        client = await ensureListenClient()
        for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      } catch {
        if (listenClient === client) listenClient = undefined
        client?.end().catch(() => {})
        retry = undefined
        return reconnect(Math.min(delayMs * 2, 30_000))
      }
      retry = undefined
      if (listenClient !== client) return reconnect(1000) // lost again meanwhile
      for (const set of listeners.values()) for (const fn of set) fn('')
    }, delayMs)
    retry.unref()
  }

  return {
    kind: 'postgres',
    db,
    async migrate() {
      if (await migrationsCurrent(db)) return false
      // Two instances starting at once: the second waits here, then finds nothing left to apply.
      const lockClient = await pool.connect()
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        await migratePg(db as never, { migrationsFolder: migrationsDir })
        return true
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
    async heardAll() {
      await (await ensureListenClient()).query('select 1')
    },
    async close() {
      closed = true
      clearTimeout(retry)
      await listenClient?.end().catch(() => {})
      await pool.end()
    },
  }
}

/**
 * A transaction on a client of its own, given back to the pool however it ends. drizzle's own (on a
 * pool) runs `begin` before its try/finally, so a failed `begin` kept its client checked out for good
 * (drizzle-orm issues 6023, 6241); and a client whose connection broke is dropped, not given back.
 */
async function transactionOnOwnClient<T>(
  pool: pg.Pool,
  fn: Parameters<Db['transaction']>[0],
  config: Parameters<Db['transaction']>[1],
): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    // drizzle on one client (not a pool) runs the transaction on that client and leaves releasing to us.
    return (await drizzlePg({ client, ...drizzleConfig }).transaction(fn, config)) as T
  } catch (error) {
    if (databaseUnreachable(error)) broken = error as Error
    throw error
  } finally {
    client.release(broken)
  }
}
