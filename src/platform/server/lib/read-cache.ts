import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { afterCommit, type Database } from '../db/client'
import type { DbOrTx } from './audit'
import type { Logger } from './logger'

/** A JSON answer as the bytes sent (encoded once, not per request) and its ETag. */
export interface CachedJson {
  body: Uint8Array<ArrayBuffer>
  etag: string
  /** Kept by a read cache (`ReadCache.json`): whether the cache still holds this very answer. */
  current?: () => boolean
  /** `body` gzipped, made on first use by `gzipOf` and kept with the answer. */
  gzip?: Uint8Array<ArrayBuffer>
}

export const JSON_TYPE = 'application/json; charset=utf-8'

/** An Accept-Encoding that plainly takes gzip (no weights): a browser's. Others are left to the app. */
const PLAIN_GZIP = /^(?:[\w*-]+\s*,\s*)*gzip(?:\s*,\s*[\w*-]+)*$/i
export const takesPlainGzip = (acceptEncoding: string | undefined) =>
  acceptEncoding !== undefined && PLAIN_GZIP.test(acceptEncoding)

/** A kept answer's body gzipped: once per answer, not once per request (decision 051). */
export function gzipOf(cached: CachedJson): Uint8Array<ArrayBuffer> {
  cached.gzip ??= new Uint8Array(gzipSync(cached.body))
  return cached.gzip
}

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i

interface Entry {
  value: Promise<unknown>
  expiresAt: number
  /** The value once loaded. */
  loaded?: unknown
}

/** A JSON body and its ETag, for answers not worth keeping in the cache. */
export function toCachedJson(data: unknown): CachedJson {
  const body = Buffer.from(JSON.stringify(data))
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }
}

/**
 * In-process cache of public data and of the JSON answers built from it. Writes call
 * `invalidate(prefix, tx)`; runtime.ts forwards invalidations between instances over LISTEN/NOTIFY. The
 * TTL only bounds a missed notification; past `maxEntries` the least recently used entry goes first, so
 * the game snapshots every request reads stay while rare answers come and go.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly ttlMs = 5 * 60_000,
    /** Tells the other instances; given the write's transaction, within it. */
    private readonly onInvalidate: (prefix: string, tx?: DbOrTx) => Promise<void> | void = () => {},
    private readonly maxEntries = 2000,
  ) {}

  /** The cached value for `key`, loading it once (concurrent callers share the load). */
  value<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expiresAt > now) {
      this.entries.delete(key) // Map order is recency order
      this.entries.set(key, hit)
      return hit.value as Promise<T>
    }
    const value = load()
    const entry: Entry = { value, expiresAt: now + this.ttlMs }
    this.entries.delete(key)
    this.entries.set(key, entry)
    value.then(
      (loaded) => {
        entry.loaded = loaded
      },
      () => this.entries.delete(key), // never cache a failure
    )
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    return value
  }

  /** A JSON answer with its ETag, built once per key. */
  json(key: string, load: () => Promise<unknown>): Promise<CachedJson> {
    return this.value(key, async () => {
      const cached: CachedJson = toCachedJson(await load())
      cached.current = () => this.holds(key, cached)
      return cached
    })
  }

  /** Whether `value` is what the cache holds for `key` now (not dropped, replaced or expired). */
  holds(key: string, value: unknown): boolean {
    const entry = this.entries.get(key)
    return entry !== undefined && entry.loaded === value && entry.expiresAt > Date.now()
  }

  /**
   * Drops this instance's entries under `prefix` and tells the other instances to do the same. Given
   * the write's transaction `tx` (awaited within it), the word travels with the write: PostgreSQL
   * delivers the NOTIFY at commit, before the writer answers, so a read on another instance right after
   * the answer is fresh; and never when it rolls back. This instance drops them again at commit (a
   * read meanwhile may have cached what was there before). Without `tx` (after a write committed): the
   * word is sent at once and the promise settles when it is out (it never rejects; a failure is logged).
   */
  invalidate(prefix: string, tx?: DbOrTx): Promise<void> {
    this.invalidateLocal(prefix)
    if (tx) afterCommit(tx, () => this.invalidateLocal(prefix))
    return Promise.resolve(this.onInvalidate(prefix, tx))
  }

  invalidateLocal(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key)
  }
}

/** The channel on which the instances on one database tell each other what to drop. */
export const CACHE_CHANNEL = 'cache_invalidate'

/** Between a prefix and the token its writer waits to hear back. */
const TOKEN_MARK = '\u0001'

/** The prefix a CACHE_CHANNEL notification drops ('' after a lost connection: everything). */
export const cachePrefixOf = (payload: string) => payload.split(TOKEN_MARK)[0] ?? ''

/** The longest a write waits to hear its own invalidation (its listener may be reconnecting). */
const ECHO_WAIT_MS = 250

/**
 * The read cache of one instance, wired to every other instance on the same database: an
 * invalidation is sent with NOTIFY, and each instance drops the same prefix when it hears one (after a
 * lost connection the database calls with '', which drops everything). `unlisten` unwires it.
 */
export async function createSharedReadCache(
  database: Pick<Database, 'listen' | 'notify'>,
  logger: Pick<Logger, 'warn'>,
): Promise<{ cache: ReadCache; unlisten: () => Promise<void> }> {
  // PostgreSQL delivers a NOTIFY to every listener at commit, but asynchronously: the writer waits (at
  // most ECHO_WAIT_MS) until its own listener hears its word, by when the others' have it too, so a
  // read on another instance right after the answer is fresh (decision 043).
  const echoes = new Map<string, () => void>()
  const heard = (token: string) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        echoes.delete(token)
        resolve()
      }
      const timer = setTimeout(done, ECHO_WAIT_MS)
      echoes.set(token, done)
    })
  const cache = new ReadCache(undefined, async (prefix, tx) => {
    if (tx) {
      const token = `${process.pid}.${++sent}`
      const echo = heard(token)
      afterCommit(tx, () => echo)
      await tx.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${`${prefix}${TOKEN_MARK}${token}`})`)
    } else
      await database
        .notify(CACHE_CHANNEL, prefix)
        .catch((err) => logger.warn({ err }, 'cache invalidation not sent'))
  })
  let sent = 0
  const unlisten = await database.listen(CACHE_CHANNEL, (payload) => {
    const prefix = cachePrefixOf(payload)
    const token = payload.split(TOKEN_MARK)[1]
    cache.invalidateLocal(prefix)
    if (token) echoes.get(token)?.()
  })
  return { cache, unlisten }
}

/**
 * Answers a cached JSON body with its ETag, or 304 when the client already has it. `freshFor`: seconds
 * a client may reuse it unasked, or a Cache-Control value of its own (live data: 'public, no-cache').
 * The answer carries its headers as a plain object, which the Node adapter writes as they are. An
 * answer kept by the read cache goes gzipped to a client that plainly takes gzip, from bytes made once
 * per answer (`gzipOf`), with the headers the compress middleware would give it (a weak ETag, Vary);
 * the middleware leaves an answer that has a Content-Encoding as it is.
 */
export function sendCachedJson(c: Context, cached: CachedJson, freshFor: number | string = 30): Response {
  const cacheControl =
    typeof freshFor === 'string' ? freshFor : `public, max-age=${freshFor}, stale-while-revalidate=300`
  // A public answer of the read cache is the same for everyone at this URL while the cache holds it.
  if (typeof freshFor === 'number' && cached.current)
    (c as Context<AppEnv>).get('deps').sharedAnswers?.remember(c, cached, cacheControl)
  if (matchesEtag(c.req.header('if-none-match'), cached.etag))
    return new Response(null, { status: 304, headers: { ETag: cached.etag, 'Cache-Control': cacheControl } })
  if (
    cached.current &&
    c.req.method === 'GET' &&
    takesPlainGzip(c.req.header('accept-encoding')) &&
    !NO_TRANSFORM.test(cacheControl)
  ) {
    return new Response(gzipOf(cached), {
      headers: {
        ETag: `W/${cached.etag}`,
        'Cache-Control': cacheControl,
        'Content-Type': JSON_TYPE,
        Vary: 'Accept-Encoding',
        'Content-Encoding': 'gzip',
      },
    })
  }
  return new Response(cached.body, {
    headers: { ETag: cached.etag, 'Cache-Control': cacheControl, 'Content-Type': JSON_TYPE },
  })
}

/** If-None-Match uses weak comparison (RFC 9110 13.1.2): `W/` prefixes are ignored and `*` matches. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

/** Answers about one person (admin tools, a trader's own things) are never kept by a browser or a proxy. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next()
  c.header('Cache-Control', 'private, no-store')
}
