import { createHash } from 'node:crypto'
import type { Context } from 'hono'

export interface CachedJson {
  body: string
  etag: string
}

interface Entry {
  value: Promise<CachedJson>
  expiresAt: number
}

/**
 * In-process cache of public JSON answers. Writes call `invalidate(prefix)`; main.ts forwards
 * invalidations between instances over LISTEN/NOTIFY. The TTL only bounds a missed notification.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly onInvalidate: (prefix: string) => void = () => {},
  ) {}

  get(key: string, load: () => Promise<unknown>): Promise<CachedJson> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expiresAt > now) return hit.value
    const value = load().then((data) => {
      const body = JSON.stringify(data)
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }
    })
    this.entries.set(key, { value, expiresAt: now + this.ttlMs })
    value.catch(() => this.entries.delete(key)) // never cache a failure
    return value
  }

  /** Drops this instance's entries under `prefix` and tells the other instances to do the same. */
  invalidate(prefix: string): void {
    this.invalidateLocal(prefix)
    this.onInvalidate(prefix)
  }

  invalidateLocal(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key)
  }
}

/** Answers a cached JSON body with its ETag, or 304 when the client already has it. */
export function sendCachedJson(c: Context, cached: CachedJson, maxAgeSeconds = 30): Response {
  c.header('ETag', cached.etag)
  c.header('Cache-Control', `public, max-age=${maxAgeSeconds}, stale-while-revalidate=300`)
  const ifNoneMatch = c.req.header('if-none-match')
  if (ifNoneMatch?.split(/\s*,\s*/).includes(cached.etag)) return c.body(null, 304)
  c.header('Content-Type', 'application/json; charset=utf-8')
  return c.body(cached.body)
}
