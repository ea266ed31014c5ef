import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the receiver got. */
export interface ReceivedPost {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: unknown
  /** When it arrived (Date.now()). */
  at: number
}

/** How the receiver answers one request: a status, headers and a body, or `hang` (never answers). */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang'

/**
 * A local HTTP server standing in for Discord's webhooks (on 127.0.0.1, a free port): it records every
 * request and answers each path with the replies queued for it, in turn, then with `answer`.
 */
export async function startWebhookReceiver(
  /** The answer when none is queued for the path (204 with no body by default). */
  answer: (request: ReceivedPost) => Reply = () => ({ status: 204 }),
) {
  const received: ReceivedPost[] = []
  const queued = new Map<string, Reply[]>()
  const hanging = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {}
      const path = req.url ?? '/'
      const request = { method: req.method ?? '', path, headers: req.headers, body, at: Date.now() }
      received.push(request)
      const reply = queued.get(path)?.shift() ?? answer(request)
      if (reply === 'hang') {
        hanging.add(res)
        return
      }
      res.writeHead(reply.status, reply.headers)
      res.end(reply.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  let next = 100000
  return {
    origin,
    received,
    /** A new webhook address on this receiver (its path is a Discord webhook's). */
    newWebhook() {
      next++
      const path = `/api/webhooks/${next}/${'t'.repeat(24)}-${next}`
      return { url: `${origin}${path}`, path }
    },
    /** Replies for the next requests to `path`, in order. */
    reply(path: string, ...replies: Reply[]) {
      queued.set(path, [...(queued.get(path) ?? []), ...replies])
    },
    postsTo: (path: string) => received.filter((r) => r.path === path),
    reset() {
      received.length = 0
      queued.clear()
    },
    async close() {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
