import { IncomingMessage, type RequestListener, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener, type HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import { type AppServer, createAppServer } from './http-server'
import { type Logger, logRequest } from './logger'
import { type CachedJson, gzipOf, JSON_TYPE, matchesEtag, takesPlainGzip } from './read-cache'
import { securityHeaderList } from './security-headers'

interface Answer {
  /** The URL's path, for the request log. */
  path: string
  /** An answer of the read cache: when the cache drops it (`current()`), this answer goes too. */
  cached: CachedJson & Required<Pick<CachedJson, 'current'>>
  cacheControl: string
  /** The headers of each kind of answer (name, value, …), made on its first request. */
  heads?: Heads
  /** Given only to requests without a session: a signed-in user may get another answer (their blocks). */
  visitorsOnly?: boolean
  /** Asked per request: headers of its own to add (name, value, …), or false to leave it to the app. */
  admit?: Admit
}

interface Heads {
  /** The security headers and Cache-Control. */
  common: string[]
  notModified: string[]
  plain: string[]
  /** Made on the first gzipped answer. */
  gzip?: string[]
  /** A kind's headers after a route's own (`admit`): made again only when those are another array. */
  with(own: readonly string[], kind: 'notModified' | 'plain' | 'gzip'): string[]
}

/** A route's own check of a kept answer's request (the public API's limit): extra headers, or false. */
export type Admit = (req: IncomingMessage, headers: KeptRequestHeaders) => readonly string[] | false

/** The request headers a kept answer looks at. */
export interface KeptRequestHeaders {
  acceptEncoding?: string
  ifNoneMatch?: string
  cookie?: string
  apiKey?: string
  forwardedFor?: string
}

/**
 * The headers a kept answer looks at, read from the request's raw list: Node builds `req.headers` (an
 * object of every header) only when it is first read, and a kept answer has no other use for it.
 * Undefined when one of them comes more than once: the app then answers, with Node's joining rules.
 */
export function keptRequestHeaders(raw: readonly string[]): KeptRequestHeaders | undefined {
  const found: KeptRequestHeaders = {}
  for (let i = 0; i < raw.length; i += 2) {
    const key = KEPT_HEADERS.get(raw[i]!.toLowerCase())
    if (key === undefined) continue
    if (found[key] !== undefined) return undefined
    found[key] = raw[i + 1]
  }
  return found
}

const KEPT_HEADERS = new Map<string, keyof KeptRequestHeaders>([
  ['accept-encoding', 'acceptEncoding'],
  ['if-none-match', 'ifNoneMatch'],
  ['cookie', 'cookie'],
  ['x-api-key', 'apiKey'],
  ['x-forwarded-for', 'forwardedFor'],
])

/** Better Auth's session cookie (`__Secure-` on HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/

/** Whether a request carries a session cookie (a signed-in user, or one whose session has ended). */
export const hasSessionCookie = (cookie: string | undefined) =>
  cookie !== undefined && SESSION_COOKIE.test(cookie)

/**
 * The server's own shared cache, as a CDN in front of it would be, in the process: a public answer of
 * the read cache (`sendCachedJson` with a max-age) is kept by URL and, while the read cache still
 * holds it, the next GET of that URL is answered from here by the Node listener without going
 * through the app's middleware and routes. It is the answer the app would send: the security
 * headers, ETag, Cache-Control, 304 on a matching If-None-Match, gzip (made once per answer) for a
 * browser that takes it, and the request log line. Invalidation is the read cache's: a write that drops
 * an entry (on this instance or, over NOTIFY, another) drops the answers built from it.
 */
export class SharedAnswers {
  private readonly answers = new Map<string, Answer>()
  private readonly securityHeaders: readonly (readonly [string, string])[]

  /** `publicUrl`: the site's address (PUBLIC_URL), for the same security headers as the app's. */
  constructor(
    publicUrl: string,
    private readonly logger: Logger,
    private readonly maxAnswers = 2000,
  ) {
    this.securityHeaders = securityHeaderList(publicUrl)
  }

  /**
   * Keeps the answer the app is sending for this request's URL (a GET under the Node server only).
   * `visitorsOnly`: requests with a session cookie are still left to the app.
   */
  remember(
    c: Context,
    cached: CachedJson,
    cacheControl: string,
    { visitorsOnly = false, admit }: { visitorsOnly?: boolean; admit?: Admit } = {},
  ): void {
    const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming
    if (!(incoming instanceof IncomingMessage) || incoming.method !== 'GET' || !incoming.url) return
    if (!cached.current || this.answers.get(incoming.url)?.cached === cached) return
    this.answers.delete(incoming.url)
    this.answers.set(incoming.url, {
      path: incoming.url.split('?', 1)[0]!,
      cached: cached as CachedJson & Required<Pick<CachedJson, 'current'>>,
      cacheControl,
      visitorsOnly,
      admit,
    })
    if (this.answers.size > this.maxAnswers) this.answers.delete(this.answers.keys().next().value!)
  }

  /** Answers the request when a current answer for its URL is kept; false leaves it to the app. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url
    if (req.method !== 'GET' || !url) return false
    const answer = this.answers.get(url)
    if (!answer) return false
    const started = performance.now()
    const headers = keptRequestHeaders(req.rawHeaders)
    if (!headers || (answer.visitorsOnly && hasSessionCookie(headers.cookie))) return false
    if (!answer.cached.current()) {
      this.answers.delete(url)
      return false
    }
    const { cached } = answer
    const { acceptEncoding } = headers
    // The app's compress middleware gzips every JSON answer for a client that sends Accept-Encoding.
    const compressible = acceptEncoding !== undefined
    if (compressible && !takesPlainGzip(acceptEncoding)) return false
    const own = answer.admit ? answer.admit(req, headers) : undefined
    if (own === false) return false

    // Made once per answer: the security headers, Cache-Control, ETag, type and length of each kind.
    answer.heads ??= this.headsOf(answer)
    const heads = answer.heads
    let kind: 'notModified' | 'plain' | 'gzip'
    let body: Uint8Array | undefined
    if (matchesEtag(headers.ifNoneMatch, cached.etag)) {
      kind = 'notModified'
    } else if (compressible) {
      body = gzipOf(cached)
      heads.gzip ??= [
        ...heads.common,
        ...['ETag', `W/${cached.etag}`, 'Content-Type', JSON_TYPE, 'Vary', 'Accept-Encoding'],
        ...['Content-Encoding', 'gzip', 'Content-Length', String(body.byteLength)],
      ]
      kind = 'gzip'
    } else {
      body = cached.body
      kind = 'plain'
    }
    res.writeHead(body ? 200 : 304, own ? heads.with(own, kind) : heads[kind]!)
    res.end(body)
    logRequest(this.logger, req.method, answer.path, body ? 200 : 304, started)
    return true
  }

  /** The headers of a kept answer as served, but for the gzipped one's (made on first use). */
  private headsOf({ cached, cacheControl }: Answer): Heads {
    const common = [...this.securityHeaders.flat(), 'Cache-Control', cacheControl]
    const length = String(cached.body.byteLength)
    // The public API's own headers are one array for every request it does not count (and new ones for
    // each it counts): the last joined list of each kind is kept for the next request with the same.
    const joined = new Map<string, { own: readonly string[]; head: string[] }>()
    const heads: Heads = {
      common,
      notModified: [...common, 'ETag', cached.etag],
      plain: [...common, 'ETag', cached.etag, 'Content-Type', JSON_TYPE, 'Content-Length', length],
      with(own, kind) {
        const last = joined.get(kind)
        if (last?.own === own) return last.head
        const head = [...own, ...heads[kind]!]
        joined.set(kind, { own, head })
        return head
      },
    }
    return heads
  }
}

/**
 * The Node listener of the app: requests go to `answers` first, when given, and to the app when it has
 * no answer for them.
 */
export function appListener(
  fetch: (request: Request, env: HttpBindings) => unknown,
  { hostname, answers }: { hostname: string; answers?: SharedAnswers },
): RequestListener {
  const app = getRequestListener(fetch as (request: Request, env: unknown) => unknown, { hostname })
  return answers ? (req, res) => answers.serve(req, res) || app(req, res) : app
}

/**
 * The app on a Node server listening on `port` (the tests use port 0; `npm start` listens before the app
 * is built: main.ts). The server drains and closes as main.ts stops it (AppServer).
 */
export function serveApp(
  fetch: (request: Request, env: HttpBindings) => unknown,
  { port, hostname, answers }: { port: number; hostname: string; answers?: SharedAnswers },
  onListening?: (port: number) => void,
): AppServer {
  const server = createAppServer(appListener(fetch, { hostname, answers }))
  server.listen(port, hostname, () => onListening?.((server.address() as AddressInfo).port))
  return server
}
