import type { DestinationStream } from 'pino'
import { pino } from 'pino'

export type Logger = pino.Logger

/** The longest string a log line carries: request values (a URL, an address, a header) are cut to it. */
export const MAX_LOGGED_STRING = 200
/** The longest message (our own sentences name paths and the like; a library's may quote input). */
export const MAX_LOGGED_MESSAGE = 500
/** Stack frames kept per logged error. */
const MAX_STACK_FRAMES = 20
/** Items kept of a logged array and keys of a logged object, and how deep a logged value is followed. */
const MAX_ITEMS = 50
const MAX_DEPTH = 6

function cut(text: string, max = MAX_LOGGED_STRING): string {
  return text.length > max ? `${text.slice(0, max)}… [${text.length - max} more characters]` : text
}

/** A call's own message (or a format argument): cut longer than values are. */
const clipArg = (arg: unknown) => (typeof arg === 'string' ? cut(arg, MAX_LOGGED_MESSAGE) : clipValue(arg))

/**
 * A logged copy with no prototype: a key a client sent (a parsed body's `__proto__`) is written as the
 * key it is, never taken as the copy's prototype.
 */
const ownKeysOnly = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.assign(Object.create(null), fields)

/** An error as pino's serializer writes it (type, message, stack, own fields, cause), every part cut. */
function clipError(error: Error, depth: number): Record<string, unknown> {
  const message = cut(error.message)
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_STACK_FRAMES)
    .map((line) => cut(line))
  const out = ownKeysOnly({
    type: error.constructor?.name ?? error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  })
  for (const [key, value] of Object.entries(error).slice(0, MAX_ITEMS)) {
    if (!Object.hasOwn(out, key)) out[key] = clipValue(value, depth + 1)
  }
  if (error.cause !== undefined) out.cause = clipValue(error.cause, depth + 1)
  return out
}

/**
 * A copy of a logged value that no client can make huge: strings cut to MAX_LOGGED_STRING, arrays and
 * objects to MAX_ITEMS entries and MAX_DEPTH levels, errors serialized with their message cut.
 */
export function clipValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cut(value)
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_DEPTH) return '[too deep]'
  if (value instanceof Error) return clipError(value, depth)
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return clipValue((value as { toJSON(): unknown }).toJSON(), depth + 1)
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => clipValue(item, depth + 1))
    if (value.length > MAX_ITEMS) items.push(`[${value.length - MAX_ITEMS} more items]`)
    return items
  }
  const entries = Object.entries(value)
  const out = ownKeysOnly({})
  for (const [key, item] of entries.slice(0, MAX_ITEMS)) out[cut(key)] = clipValue(item, depth + 1)
  if (entries.length > MAX_ITEMS) out['…'] = `${entries.length - MAX_ITEMS} more keys`
  return out
}

/**
 * The server's logger (JSON lines). Every argument of every call goes through clipValue first, so a
 * request value logged anywhere (a 60 KB callback URL in a library's complaint) cannot flood the log.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'tradehub' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // The hook below has made every error a clipped plain object; one in a child's bindings is clipped here.
      serializers: { err: (value: unknown) => (value instanceof Error ? clipValue(value) : value) },
      hooks: {
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[]
          // logger.error(err[, msg]): pino's own shape, { err } with the error's message as msg.
          const clipped =
            first instanceof Error
              ? [{ err: clipValue(first) }, ...(rest.length > 0 ? rest : [first.message]).map(clipArg)]
              : (args as unknown[]).map(clipArg)
          method.apply(this, clipped as Parameters<typeof method>)
        },
      },
    },
    destination,
  )
}

/** How often the summary of successful reads is written. */
export const REQUEST_SUMMARY_MS = 1000
/** Distinct method/path/status keys summed per window; a request past them is logged in full. */
const MAX_SUMMARY_KEYS = 1000

type Tally = { method: string; path: string; status: number; durations: number[] }

/**
 * Successful reads (GET and HEAD answered below 400) of one logger, summed per method, path and status
 * and written as one line per key every REQUEST_SUMMARY_MS: a line per request was half the cost of a
 * hot public read. Every other request (a write, a 4xx, a 5xx) is written in full at once.
 */
class RequestSummary {
  private tallies = new Map<string, Tally>()
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly logger: Logger) {}

  add(method: string, path: string, status: number, ms: number): boolean {
    const key = `${method} ${status} ${path}`
    let tally = this.tallies.get(key)
    if (!tally) {
      if (this.tallies.size >= MAX_SUMMARY_KEYS) return false
      tally = { method, path, status, durations: [] }
      this.tallies.set(key, tally)
    }
    tally.durations.push(ms)
    this.timer ??= setTimeout(() => this.flush(), REQUEST_SUMMARY_MS).unref()
    return true
  }

  flush() {
    clearTimeout(this.timer)
    this.timer = undefined
    const tallies = this.tallies
    this.tallies = new Map()
    for (const { method, path, status, durations } of tallies.values()) {
      const sorted = durations.sort((a, b) => a - b)
      const at = (q: number) =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!)
      this.logger.info(
        { method, path, status, count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) },
        `${method} ${path} ${status} ×${sorted.length} in ${REQUEST_SUMMARY_MS / 1000}s, p50 ${at(0.5)} ms`,
      )
    }
  }
}

const summaries = new WeakMap<Logger, RequestSummary>()

/**
 * Writes the summed successful reads of this logger now (the shutdown does, before the process exits;
 * tests do instead of waiting for the timer).
 */
export function flushRequestLog(logger: Logger) {
  summaries.get(logger)?.flush()
}

/** The log of an answered request (the app's middleware and the shared answers write the same). */
export function logRequest(logger: Logger, method: string, path: string, status: number, started: number) {
  const level = path.startsWith('/assets/') ? 'debug' : 'info'
  if (!logger.isLevelEnabled(level)) return
  const ms = performance.now() - started
  if (level === 'info' && status < 400 && (method === 'GET' || method === 'HEAD')) {
    let summary = summaries.get(logger)
    if (!summary) {
      summary = new RequestSummary(logger)
      summaries.set(logger, summary)
    }
    if (summary.add(method, path, status, ms)) return
  }
  logger[level]({ method, path, status, ms: Math.round(ms) }, 'request')
}
