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
