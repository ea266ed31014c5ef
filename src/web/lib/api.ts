import type { ApiErrorBody, ErrorCode } from '@/shared/api-error'

/** An API answer that was not 2xx, with the server's code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

function isApiErrorBody(data: unknown): data is ApiErrorBody {
  const error = (data as ApiErrorBody | null)?.error
  return typeof error?.code === 'string' && typeof error.message === 'string'
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
    res = await fetch(path, {
      method: init.method ?? 'GET',
      signal: init.signal,
      credentials: 'same-origin',
      headers:
        init.body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'NETWORK', 'Network error: check your connection and try again.')
  }
  const data: unknown = await res.json().catch(() => null)
  if (!res.ok) {
    const body: ApiErrorBody['error'] = isApiErrorBody(data)
      ? data.error
      : { code: 'INTERNAL', message: `Request failed (${res.status})` }
    const retryAfter = Number(res.headers.get('retry-after')) || undefined
    throw new ApiError(res.status, body.code, body.message, body.fields, retryAfter)
  }
  return data as T
}
