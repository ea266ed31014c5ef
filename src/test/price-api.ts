import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One entry of the official price API (`/api/rap`, `/api/exists`), in its exact shape. */
export interface PriceEntry {
  category: string
  configData: { id: string; pt?: number; sh?: boolean; [other: string]: unknown }
  value: number
}

/** The two lists of one game's API: prices and how many exist. */
export interface PriceLists {
  rap: PriceEntry[]
  exists: PriceEntry[]
}

/**
 * How one request is answered: the game's lists (the default), a status with a body, `drop` (the
 * connection is cut: a network failure) or `hang` (no answer until `release`).
 */
export type PriceReply = { status: number; body: string } | 'drop' | 'hang'

/** `{"status":"ok","data":[...]}`: the API's answer. */
export const okBody = (data: unknown[]) => JSON.stringify({ status: 'ok', data })

/**
 * A local HTTP server standing in for the studio's official price API (on 127.0.0.1, a free port or
 * the one given). Each game has a base path (`${origin}/ps99`), where `/api/rap` and `/api/exists`
 * answer that game's lists in the API's exact shape, or the replies queued for them, in turn.
 */
export async function startPriceApi(options: { port?: number } = {}) {
  const lists = new Map<string, PriceLists>()
  const queued = new Map<string, PriceReply[]>()
  const requests: string[] = []
  const hanging = new Set<ServerResponse>()
  const waiters: { path: string; resolve: () => void }[] = []

  const answer = (res: ServerResponse, path: string) => {
    const [, base, list] = path.match(/^\/([^/]+)\/api\/(rap|exists)$/) ?? []
    const game = base ? lists.get(base) : undefined
    if (!game || !list) {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ status: 'error', error: { message: 'Not found' } }))
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(okBody(list === 'rap' ? game.rap : game.exists))
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!
    requests.push(path)
    for (const w of waiters.filter((w) => w.path === path)) {
      waiters.splice(waiters.indexOf(w), 1)
      w.resolve()
    }
    const reply = queued.get(path)?.shift()
    if (reply === 'drop') {
      res.socket?.destroy()
      return
    }
    if (reply === 'hang') {
      hanging.add(res)
      return
    }
    if (reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' })
      res.end(reply.body)
      return
    }
    answer(res, path)
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`

  return {
    origin,
    /** Every path requested, in order. */
    requests,
    /** Serves a game's lists under `${origin}/${base}`; the URL to configure is returned. */
    serve(base: string, game: PriceLists): string {
      lists.set(base, game)
      return `${origin}/${base}`
    },
    /** Replies for the next requests to a path (`/ps99/api/rap`), in order. */
    reply(path: string, ...replies: PriceReply[]) {
      queued.set(path, [...(queued.get(path) ?? []), ...replies])
    },
    /** Resolves when the next request to this path arrives. */
    requested(path: string): Promise<void> {
      return new Promise((resolve) => waiters.push({ path, resolve }))
    },
    /** Answers every hanging request with its game's lists. */
    release() {
      for (const res of hanging) {
        const path = res.req.url ?? '/'
        answer(res, path)
      }
      hanging.clear()
    },
    count: (path: string) => requests.filter((p) => p === path).length,
    async close() {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type PriceApi = Awaited<ReturnType<typeof startPriceApi>>
