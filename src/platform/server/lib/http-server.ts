import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestListener,
  type Server,
  ServerResponse,
} from 'node:http'
import type { Socket } from 'node:net'

/**
 * How long an idle keep-alive connection stays open: longer than common reverse proxies and load
 * balancers keep their idle upstream connections (AWS ALB 60 s, nginx's upstream `keepalive_timeout`
 * 60 s; docs/deploy.md). The proxy then always closes first, and never sends a request on a connection
 * the server is closing at that moment (Node's 5 s default: a reset, which the proxy answers 502).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000
/** How long a request's head may take: above the keep-alive timeout, as Node needs. */
export const HEADERS_TIMEOUT_MS = 66_000

/** The app's Node HTTP server, which can stop without dropping a request (docs/decisions/044). */
export interface AppServer extends Server {
  /**
   * Every answer from now on closes its connection (`Connection: close`), those already in progress
   * too; the server still listens and serves.
   */
  drain(): void
  /**
   * Stops listening and closes the idle connections, and each other one as soon as its answer has ended;
   * resolves when the last has closed.
   */
  closeWhenIdle(): Promise<void>
}

/** A Node HTTP server with the keep-alive and head timeouts above, and `drain` and `closeWhenIdle`. */
export function createAppServer(listener: RequestListener<typeof IncomingMessage, typeof ServerResponse>) {
  let draining = false
  let closing = false
  let server: AppServer | undefined
  const closeIdle = () => server?.closeIdleConnections()

  class Response extends ServerResponse {
    // Every answer's head is written here (@hono/node-server, the shared answers, event streams).
    // Node's writeHead takes (status, reason?, headers?) and treats a missing argument as undefined: the
    // arguments are passed on as they are, without an array made for each answer.
    override writeHead(statusCode: number, reason?: unknown, headers?: unknown): this {
      // Node then writes `Connection: close` and ends the connection after the answer.
      if (draining) this.shouldKeepAlive = false
      return super.writeHead(statusCode, reason as string, headers as OutgoingHttpHeaders)
    }

    // The answer has ended: its connection waits for the next request, unless the server is closing.
    override detachSocket(socket: Socket): void {
      super.detachSocket(socket)
      if (closing) setImmediate(closeIdle)
    }
  }

  const base = createServer(
    { ServerResponse: Response, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS },
    listener,
  )
  server = Object.assign(base, {
    drain() {
      draining = true
    },
    closeWhenIdle() {
      draining = true
      closing = true
      // Node's close closes the idle connections; each other one closes when its answer ends.
      return new Promise<void>((resolve) => base.close(() => resolve()))
    },
  })
  return server
}
