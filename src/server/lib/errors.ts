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
  UNAVAILABLE: 503,
  INTERNAL: 500,
}

/** The one error type services throw; `onError` in app.ts turns it into the JSON error shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
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
