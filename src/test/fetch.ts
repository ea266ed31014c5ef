import { vi } from 'vitest'

/** A server that answers when the test says: `request` resolves once the browser sent the call. */
export function answerWhenTold() {
  let reply: (res: Response) => void = () => {}
  let requested: (request: { url: string; method: string; body: unknown }) => void = () => {}
  const request = new Promise<{ url: string; method: string; body: unknown }>((resolve) => {
    requested = resolve
  })
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          reply = resolve
          requested({
            url,
            method: init.method ?? 'GET',
            body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
          })
        }),
    ),
  )
  return { request, reply: (status: number, body: unknown) => reply(Response.json(body, { status })) }
}
