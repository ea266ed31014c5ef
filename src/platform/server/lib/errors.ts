import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorBody, ErrorCode } from '@/shared/api-error'

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
}

/** What a request hears while the database cannot be reached (503, with Retry-After). */
export const DATABASE_UNAVAILABLE = 'The site is briefly unavailable. Try again in a few seconds.'

/** The one error type services throw; `onError` in app.ts turns it into the JSON error shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: {
      fields?: Record<string, string>
      retryAfterSeconds?: number
      /** For a 5xx: the failure behind it, logged (the client sees only the message). */
      cause?: unknown
    } = {},
  ) {
    super(message)
  }

  get status(): ContentfulStatusCode {
    return STATUS[this.code]
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.options.fields && { fields: this.options.fields }),
      },
    }
  }
}

/**
 * PostgreSQL's codes for a value it cannot take as typed: 22021 a byte sequence that is not valid text
 * (NUL), 22P02 invalid text for the type, 22P05 an untranslatable character (\u0000 or a lone
 * surrogate escape in JSON), 22001 a string too long for its column.
 */
const INVALID_INPUT_SQLSTATES = new Set(['22021', '22P02', '22P05', '22001'])

/**
 * A database error caused by the request's own values, as the 400 it should have been (the backstop for
 * input that slipped past validation), or null for any other error. Drivers and ORMs wrap errors
 * (drizzle's `cause`), so the chain is followed.
 */
export function databaseInputError(error: unknown): AppError | null {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && INVALID_INPUT_SQLSTATES.has(code)) {
      return new AppError(
        'BAD_REQUEST',
        'The request contains a value that cannot be stored (such as a NUL character or broken Unicode)',
      )
    }
    current = current.cause
  }
  return null
}

/**
 * Why a query fails when the database cannot be reached or dropped the connection: PostgreSQL's 57P01
 * (terminated by an administrator: a restart, a failover, pg_terminate_backend), 57P02 (crash), 57P03
 * (starting up), the 08 class (connection exceptions), 53300 (no connection slot left); and the
 * network's codes for a host that refuses, resets or does not answer.
 */
const UNREACHABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** node-postgres's own words (without a code) for a connection lost, never made or waited on too long. */
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/

/**
 * Whether `error` says the database cannot be reached (a 503 to retry, not a defect). The chain is
 * followed (drizzle wraps the driver's error in `cause`); a fetch's failure (a TypeError wrapping the
 * network's code) is another service's, not the database's.
 */
export function databaseUnreachable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof TypeError) return false
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true
    if (UNREACHABLE_MESSAGE.test(current.message)) return true
    // Node's connect to a name with several addresses fails with all of them.
    if (current instanceof AggregateError && current.errors.some(databaseUnreachable)) return true
    current = current.cause
  }
  return false
}
