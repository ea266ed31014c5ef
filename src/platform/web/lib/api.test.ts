import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiFetch } from './api'

/** fetch answers every request with `res` and records what it was asked. */
function answer(res: Response | (() => Promise<Response>)) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => (typeof res === 'function' ? res() : res))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

/** The error apiFetch throws (fails the test when it does not throw). */
async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('apiFetch did not throw')
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('apiFetch', () => {
  it('sends JSON with our origin credentials and answers the parsed body', async () => {
    const fetch = answer(Response.json({ favorited: true, count: 2 }))
    const body = await apiFetch('/api/favorites/blox-fruits/kitsune', { method: 'PUT', body: { a: 1 } })
    expect(body).toEqual({ favorited: true, count: 2 })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('/api/favorites/blox-fruits/kitsune')
    expect(init).toMatchObject({
      method: 'PUT',
      credentials: 'same-origin',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
    })
  })

  it("after a change of this browser's, reads ask the server again instead of the browser's cache", async () => {
    vi.useFakeTimers()
    try {
      vi.advanceTimersByTime(61_000) // past the changes of the tests before
      const fetch = answer(Response.json({}))
      await apiFetch('/api/games')
      expect(fetch.mock.calls[0]![1]).toMatchObject({ cache: 'default' })
      fetch.mockImplementation(async () => Response.json({}))
      await apiFetch('/api/admin/items/blox-fruits/kitsune', { method: 'PATCH', body: { a: 1 } })
      await apiFetch('/api/games')
      expect(fetch.mock.calls[2]![1]).toMatchObject({ method: 'GET', cache: 'no-cache' })
      vi.advanceTimersByTime(61_000)
      await apiFetch('/api/games')
      expect(fetch.mock.calls[3]![1]).toMatchObject({ cache: 'default' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('leaves the content type of an upload to the browser (multipart boundary)', async () => {
    const fetch = answer(Response.json({ avatarUrl: '/uploads/avatars/a.webp' }))
    const form = new FormData()
    await apiFetch('/api/profile/avatar', { method: 'POST', body: form })
    const init = fetch.mock.calls[0]![1]!
    expect(init.body).toBe(form)
    expect(init.headers).toEqual({ accept: 'application/json' })
  })

  it("throws the server's error shape as it is: status, code, message, fields, Retry-After", async () => {
    answer(
      Response.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'email: Enter a valid e-mail address',
            fields: { email: 'Enter a valid e-mail address' },
          },
        },
        { status: 400 },
      ),
    )
    const error = await errorOf(apiFetch('/api/launch-list/subscribe', { method: 'POST', body: {} }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'email: Enter a valid e-mail address',
      fields: { email: 'Enter a valid e-mail address' },
      retryAfterSeconds: undefined,
    })

    answer(
      Response.json(
        { error: { code: 'RATE_LIMITED', message: 'Too many requests' } },
        { status: 429, headers: { 'retry-after': '42' } },
      ),
    )
    expect(await errorOf(apiFetch('/api/launch-list/resend'))).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests',
      retryAfterSeconds: 42,
    })
  })

  it("maps Better Auth's { code, message } to our code by status, keeping its own code as the reason", async () => {
    const cases: [number, string, string][] = [
      [401, 'INVALID_EMAIL_OR_PASSWORD', 'UNAUTHORIZED'],
      [403, 'EMAIL_NOT_VERIFIED', 'FORBIDDEN'],
      [400, 'PASSWORD_TOO_WEAK', 'BAD_REQUEST'],
      [429, 'RATE_LIMITED', 'RATE_LIMITED'],
      [500, 'FAILED_TO_CREATE_USER', 'INTERNAL'],
    ]
    for (const [status, reason, code] of cases) {
      answer(Response.json({ code: reason, message: `because ${reason}` }, { status }))
      const error = await errorOf(apiFetch('/api/auth/sign-in/email', { method: 'POST', body: {} }))
      expect(error, reason).toBeInstanceOf(ApiError)
      expect(error, reason).toMatchObject({ status, code, reason, message: `because ${reason}` })
    }
  })

  it('names the status when the body is not JSON or says nothing (a proxy page, an empty 404)', async () => {
    const cases: [Response, number, string][] = [
      [new Response('<html>Bad Gateway</html>', { status: 502 }), 502, 'BAD_GATEWAY'],
      [new Response('<html>Internal</html>', { status: 500 }), 500, 'INTERNAL'],
      [new Response('', { status: 503 }), 503, 'UNAVAILABLE'],
      [new Response(null, { status: 404 }), 404, 'NOT_FOUND'],
      [Response.json({ unexpected: true }, { status: 409 }), 409, 'CONFLICT'],
      [new Response('too big', { status: 413 }), 413, 'PAYLOAD_TOO_LARGE'],
    ]
    for (const [res, status, code] of cases) {
      answer(res)
      expect(await errorOf(apiFetch('/api/anything')), String(status)).toMatchObject({
        status,
        code,
        message: `Request failed (${status})`,
      })
    }
  })

  it('turns a failed connection into a network error, but lets an abort through as an abort', async () => {
    answer(() => Promise.reject(new TypeError('fetch failed')))
    expect(await errorOf(apiFetch('/api/games'))).toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Network error: check your connection and try again.',
    })

    const abort = new DOMException('The operation was aborted.', 'AbortError')
    answer(() => Promise.reject(abort))
    expect(await errorOf(apiFetch('/api/games'))).toBe(abort)
  })
})
