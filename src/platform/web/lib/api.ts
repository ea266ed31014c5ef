import type { ApiErrorBody, ErrorCode } from '@/shared/api-error'

/** An API answer that was not 2xx, with the server's code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
    /** Better Auth's own error code (e.g. INVALID_EMAIL_OR_PASSWORD), for /api/auth answers. */
    readonly reason?: string,
  ) {
    super(message)
  }
}

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  502: 'BAD_GATEWAY',
  503: 'UNAVAILABLE',
}

/** Better Auth answers errors as `{ code, message }`. */
function isAuthErrorBody(data: unknown): data is { code?: string; message: string } {
  return typeof (data as { message?: unknown } | null)?.message === 'string'
}

function isApiErrorBody(data: unknown): data is ApiErrorBody {
  const error = (data as ApiErrorBody | null)?.error
  return typeof error?.code === 'string' && typeof error.message === 'string'
}

/**
 * Public reads are fresh for a while in the browser's cache. After this browser changed something
 * (any request but a read), its reads ask the server again for as long, so what it just did shows.
 */
const READS_CACHED_MS = 60_000
let revalidateUntil = 0

/**
 * How requests reach the API: the browser's fetch, or on the server, which renders pages from the
 * same queries, the app itself in-process (entry-server.tsx).
 */
let transport: typeof fetch = (input, init) => fetch(input, init)

export function setApiTransport(fetchApi: typeof fetch): void {
  transport = fetchApi
}

/**
 * fetch for our own API: JSON in and out, errors thrown as ApiError. `T` is the contract's type from
 * src/shared; the server validates its answers against the same contract in its tests, so the
 * browser does not carry zod just to parse them again.
 */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let res: Response
  try {
    const method = init.method ?? 'GET'
    res = await transport(path, {
      method,
      cache: method === 'GET' && Date.now() < revalidateUntil ? 'no-cache' : 'default',
      signal: init.signal,
      credentials: 'same-origin',
      // FormData (uploads) sets its own multipart content type.
      headers:
        init.body === undefined || init.body instanceof FormData
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: init.body === undefined || init.body instanceof FormData ? init.body : JSON.stringify(init.body),
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'NETWORK', 'Network error: check your connection and try again.')
  }
  if ((init.method ?? 'GET') !== 'GET') revalidateUntil = Date.now() + READS_CACHED_MS
  const data: unknown = await res.json().catch(() => null)
  if (!res.ok) {
    const retryAfter = Number(res.headers.get('retry-after')) || undefined
    if (isApiErrorBody(data)) {
      const { code, message, fields } = data.error
      throw new ApiError(res.status, code, message, fields, retryAfter)
    }
    const code = CODE_OF_STATUS[res.status] ?? 'INTERNAL'
    if (isAuthErrorBody(data))
      throw new ApiError(res.status, code, data.message, undefined, retryAfter, data.code)
    throw new ApiError(res.status, code, `Request failed (${res.status})`, undefined, retryAfter)
  }
  return data as T
}
