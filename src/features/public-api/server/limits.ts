import type { MiddlewareHandler } from 'hono'
import { PUBLIC_API_LIMITS, PUBLIC_API_MESSAGES } from '@/features/public-api/contract'
import type { AppDeps, AppEnv } from '@/platform/server/context'
import type { Database, Db } from '@/platform/server/db/client'
import { addressGroup, clientIp } from '@/platform/server/lib/client-ip'
import { AppError } from '@/platform/server/lib/errors'
import { addMissingHeaders } from '@/platform/server/lib/response-headers'
import type { Admit } from '@/platform/server/lib/shared-answers'
import { findActiveKey, keyRefusal, recordKeyUse } from './keys'
import { SharedLimiter } from './limiter'

const KEY_COUNTER = 'api-v1:key:'
const ADDRESS_COUNTER = 'api-v1:ip:'
/**
 * How long a key's check is kept in the process: a revoked key, or the key of an account that may no
 * longer sign in, stops working within this time (at once on the instance that revoked or suspended).
 */
const KEY_CHECK_MS = 30_000

/** A key's check: unknown or revoked (null), or its id, its owner and why the owner may not use it now. */
type KeyCheck = { id: number; userId: string; refusal: string | null } | null

interface ApiState {
  limiter: SharedLimiter
  keys: Map<string, { check: KeyCheck; until: number }>
}
/** By the database's client: the one the app's requests and the hooks' callers share. */
const states = new WeakMap<Db, ApiState>()

/** The v1 limiter of this instance (one per database: the app's and each test's). */
export function apiStateOf(deps: Pick<AppDeps, 'database' | 'logger'>): ApiState {
  const db = deps.database.db
  let state = states.get(db)
  if (!state) {
    state = {
      keys: new Map(),
      limiter: new SharedLimiter(db, deps.logger, {
        onWrite: async (key, hits) => {
          if (key.startsWith(KEY_COUNTER)) await recordKeyUse(db, Number(key.slice(KEY_COUNTER.length)), hits)
        },
      }),
    }
    states.set(db, state)
  }
  return state
}

/** Writes this instance's pending counts now (tests; the timer does it every second). */
export const flushApiCounters = async (database: Database) => states.get(database.db)?.limiter.flush()

/**
 * Forgets this instance's checks of the user's keys (suspended or restored): their next request is
 * checked again. Other instances follow within KEY_CHECK_MS.
 */
export function forgetKeysOf(db: Db, userId: string): void {
  const keys = states.get(db)?.keys
  if (!keys) return
  for (const [key, { check }] of keys) if (check?.userId === userId) keys.delete(key)
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/** What a page on another site may read of a v1 answer. */
export const EXPOSED_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'ETag',
]
const CORS_HEADERS = [
  'Access-Control-Allow-Origin',
  '*',
  'Access-Control-Expose-Headers',
  EXPOSED_HEADERS.join(','),
]

/** Not counted: the machine's own requests (the bench, local tools), unless API_V1_LIMIT_LOOPBACK. */
const exempt = (env: AppDeps['env'], ip: string) =>
  !env.TRUST_PROXY && !env.API_V1_LIMIT_LOOPBACK && LOOPBACK.has(ip)

const limitHeaders = (limit: { limit: number; remaining: number; resetSeconds: number }) => [
  'RateLimit-Limit',
  String(limit.limit),
  'RateLimit-Remaining',
  String(limit.remaining),
  'RateLimit-Reset',
  String(limit.resetSeconds),
]

/**
 * For a v1 answer kept by the Node listener (shared answers): counts a request without a key from an
 * address this instance already counts this minute, and gives the CORS and limit headers the app would;
 * anything else (a key, a new address, past the limit) is left to the app and its `v1Limit`.
 */
export function admitKeptAnswer(deps: AppDeps): Admit {
  const { env } = deps
  const { limiter } = apiStateOf(deps)
  return (req, headers) => {
    if (headers.apiKey !== undefined) return false
    const forwarded = env.TRUST_PROXY ? (headers.forwardedFor ?? '').split(',').at(-1)?.trim() : ''
    const ip = forwarded || req.socket.remoteAddress || 'unknown'
    if (exempt(env, ip)) return CORS_HEADERS
    const limit = limiter.hitIfCounted(ADDRESS_COUNTER + addressGroup(ip), env.API_V1_ANONYMOUS_PER_MINUTE)
    if (!limit || limit.exceeded) return false
    return [...CORS_HEADERS, ...limitHeaders(limit)]
  }
}

async function checkKey(state: ApiState, deps: AppDeps, key: string): Promise<KeyCheck> {
  const now = Date.now()
  const known = state.keys.get(key)
  if (known && known.until > now) return known.check
  const { db } = deps.database
  const found = await findActiveKey(db, key)
  const check = found && { ...found, refusal: await keyRefusal(db, found.userId) }
  if (state.keys.size > 10_000) state.keys.clear()
  state.keys.set(key, { check, until: now + KEY_CHECK_MS })
  return check
}

/**
 * The v1 limit: per API key (X-API-Key) or per client address, a minute, shared by all instances, with
 * the RateLimit-* headers on every answer and 429 with Retry-After past it. The machine's own requests
 * (loopback without a proxy: the bench, health checks) are not counted unless API_V1_LIMIT_LOOPBACK.
 */
export const v1Limit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === 'OPTIONS') return next()
  const deps = c.get('deps')
  const { env } = deps
  const ip = clientIp(c, env.TRUST_PROXY)
  const apiKey = c.req.header('x-api-key')
  if (apiKey === undefined && !env.TRUST_PROXY && !env.API_V1_LIMIT_LOOPBACK && LOOPBACK.has(ip))
    return next()
  const state = apiStateOf(deps)
  let counter: string
  let max: number
  if (apiKey !== undefined) {
    const check = await checkKey(state, deps, apiKey.trim())
    if (check === null) throw new AppError('UNAUTHORIZED', PUBLIC_API_MESSAGES.badKey)
    if (check.refusal) throw new AppError('FORBIDDEN', check.refusal)
    counter = KEY_COUNTER + check.id
    max = PUBLIC_API_LIMITS.keyPerMinute
  } else {
    counter = ADDRESS_COUNTER + addressGroup(ip)
    max = env.API_V1_ANONYMOUS_PER_MINUTE
  }
  const limit = await state.limiter.hit(counter, max)
  const flat = limitHeaders(limit)
  const headers: [string, string][] = [0, 2, 4].map((i) => [flat[i] as string, flat[i + 1] as string])
  if (limit.exceeded) {
    const refused = new AppError('RATE_LIMITED', PUBLIC_API_MESSAGES.limited)
    return c.json(
      refused.toBody(),
      429,
      Object.fromEntries([...headers, ['Retry-After', String(limit.resetSeconds)]]),
    )
  }
  await next()
  addMissingHeaders(c, headers)
}
