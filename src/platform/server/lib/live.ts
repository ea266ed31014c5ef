import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Context } from 'hono'
import type { AppEnv } from '@/platform/server/context'
import type { Database } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import type { Logger } from '@/platform/server/lib/logger'
import type { Shutdown } from '@/platform/server/lib/shutdown'
import { LIVE_MESSAGES, LIVE_STREAM_RETRY_AFTER_SECONDS } from '@/shared/live-rules'
import { addressGroup, clientIp } from './client-ip'
import { AppError } from './errors'
import { takeNodeResponse } from './node-response'
import { openFilesLimit, streamsForOpenFiles } from './open-files'

/** The event stream's comment heartbeat (docs/product.md §17: 25 s). */
export const HEARTBEAT_MS = 25_000

export const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const

const encoder = new TextEncoder()
const RETRY = encoder.encode('retry: 3000\n\n')
const HEARTBEAT = encoder.encode(':\n\n')
/**
 * The last words of a stream the server's stop ends: reconnect in 1 to 5 s, to another instance by
 * then. Spread, so that the pages of one instance do not all come back in the same second.
 */
const reconnectHint = () => encoder.encode(`retry: ${1_000 + Math.floor(Math.random() * 4_000)}\n\n`)
/** A stream that has this many events queued unread is too slow to follow: it is closed (it reconnects). */
const MAX_QUEUED_EVENTS = 8
/** The same for a stream written to a Node response, which counts bytes: 8 events of a large stock. */
const MAX_QUEUED_BYTES = 1024 * 1024

/** A whole Server-Sent Event, encoded once and written as it is to every stream that follows its topic. */
export function encodeEvent(event: string, data: string, id?: string): Uint8Array {
  return encoder.encode(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${data}\n\n`)
}

/**
 * What a feature streams: topics named `<prefix>:<key>` (`stock:grow-a-garden`, `user:<id>`). A new stream
 * gets `initial` of each of its topics (the current stock, the unread count); later changes are published.
 */
export interface LiveSource {
  initial(key: string, lastEventId: string | undefined): Promise<Uint8Array | undefined>
}

/** Who holds a stream: what the caps count, and the session whose end ends it. */
export interface StreamOwner {
  /** The client's address, or its IPv6 /64 (`addressGroup`). */
  address: string
  /** A signed-in user's stream: the user and the session it was opened with. */
  userId?: string
  sessionId?: string
}

/** How many streams an instance holds at most: per address, per signed-in user, and in all. */
export interface StreamCaps {
  perAddress: number
  perUser: number
  total: number
}

/** The caps of an instance with these settings (docs/decisions/020-stream-caps.md). */
export function streamCapsOf(env: Env): StreamCaps {
  return {
    perAddress: env.LIVE_STREAMS_PER_ADDRESS,
    perUser: env.LIVE_STREAMS_PER_USER,
    total: env.LIVE_STREAMS_MAX ?? streamsForOpenFiles(openFilesLimit()),
  }
}

/** One open stream: the bytes of its topics are queued to it, or it is ended. */
interface Client {
  readonly topics: readonly string[]
  readonly owner: StreamOwner
  write(chunk: Uint8Array): void
  close(): void
}

/**
 * A stream written straight to the Node response (the server's way): one small object per client, and
 * an event is one `write` of the shared bytes. A web ReadableStream per client, read by the adapter,
 * costs about 5 KB more per open stream and a few promises per client per event (`npm run bench:stock`).
 */
class ResponseClient implements Client {
  constructor(
    readonly topics: readonly string[],
    readonly owner: StreamOwner,
    private readonly res: ServerResponse,
    private readonly hub: LiveHub,
  ) {}

  write(chunk: Uint8Array) {
    // A write after the end would be an 'error' event on the response: an ended stream takes nothing.
    if (this.res.writableEnded) return
    if (this.res.writableLength > MAX_QUEUED_BYTES) return this.close()
    this.res.write(chunk)
  }

  close() {
    this.hub.remove(this)
    this.res.end()
  }
}

/**
 * The event streams open on one server instance, by topic: one stream per browser tab carries every topic
 * the tab follows. Features publish an event once (encoded once) and it is written to each stream of
 * the topic. Every stream ends with a reconnect hint when the server stops (after its drain); a comment
 * every 25 s keeps it open.
 */
export class LiveHub {
  private readonly sources = new Map<string, LiveSource>()
  private readonly byTopic = new Map<string, Set<Client>>()
  private readonly clients = new Set<Client>()
  /** Open streams by address and by user (what the caps count), and by session (what ends them). */
  private readonly byAddress = new Map<string, number>()
  private readonly byUser = new Map<string, number>()
  private readonly bySession = new Map<string, Set<Client>>()
  private heartbeat: NodeJS.Timeout | undefined
  /** Shutdown signals listened to: one listener each, however many streams (not one per stream). */
  private readonly stopSignals = new WeakSet<AbortSignal>()
  /** Node responses open (until their 'close'), and the shutdowns that wait for them. */
  private openResponses = 0
  private lastResponseClosed: (() => void) | undefined
  private readonly holding = new WeakSet<Shutdown>()
  private closed = false

  constructor(private readonly logger: Logger) {}

  /** A feature's topics (`prefix:key`): what a new stream of them gets first. */
  register(prefix: string, source: LiveSource): void {
    this.sources.set(prefix, source)
  }

  /** Writes an event to every stream of the topic on this instance. */
  publish(topic: string, event: Uint8Array): void {
    const set = this.byTopic.get(topic)
    if (set) for (const client of [...set]) client.write(event)
  }

  /** The keys of a prefix's topics that have a stream open here (`user` → the users online here). */
  keysOpen(prefix: string): string[] {
    const start = `${prefix}:`
    return [...this.byTopic.keys()].filter((t) => t.startsWith(start)).map((t) => t.slice(start.length))
  }

  /** How many streams are open on this instance. */
  get streamCount(): number {
    return this.clients.size
  }

  /**
   * Refuses a new stream of `owner` that would pass one of the caps: 429 with Retry-After. Call it in the
   * same task as the `stream` or `respond` that opens it, so no other stream is counted in between.
   */
  admit(owner: StreamOwner, caps: StreamCaps): void {
    const refuse = (message: string) => {
      throw new AppError('RATE_LIMITED', message, { retryAfterSeconds: LIVE_STREAM_RETRY_AFTER_SECONDS })
    }
    if (this.clients.size >= caps.total) refuse(LIVE_MESSAGES.serverBusy)
    if (owner.userId !== undefined && (this.byUser.get(owner.userId) ?? 0) >= caps.perUser)
      refuse(LIVE_MESSAGES.tooManyForUser)
    if ((this.byAddress.get(owner.address) ?? 0) >= caps.perAddress) refuse(LIVE_MESSAGES.tooManyFromAddress)
  }

  /** The sessions that have a stream open here. */
  sessionsOpen(): string[] {
    return [...this.bySession.keys()]
  }

  /** Ends every stream opened with this session (it was signed out, suspended or expired). */
  endSession(sessionId: string): void {
    const set = this.bySession.get(sessionId)
    if (set) for (const client of [...set]) client.close()
  }

  /**
   * A `text/event-stream` body: each topic's current state at once, then every event published to
   * them, and a comment every 25 s. It ends when the client goes or `signal` aborts. (The server writes
   * to the Node response instead: `respond`.)
   */
  stream(
    topics: readonly string[],
    owner: StreamOwner,
    lastEventId: string | undefined,
    signal: AbortSignal,
  ): { body: ReadableStream<Uint8Array>; closed: Promise<void> } {
    let client: Client | undefined
    let done!: () => void
    const closed = new Promise<void>((resolve) => {
      done = resolve
    })
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        client = {
          topics,
          owner,
          write: (chunk) => {
            try {
              if ((controller.desiredSize ?? 0) < -MAX_QUEUED_EVENTS) return client?.close()
              controller.enqueue(chunk)
            } catch {
              client?.close()
            }
          },
          close: () => {
            this.remove(client!)
            done()
            try {
              controller.close()
            } catch {
              // already closed or errored
            }
          },
        }
        this.open(client, lastEventId, signal)
      },
      cancel: () => {
        if (client) this.remove(client)
        done()
      },
    })
    return { body, closed }
  }

  /**
   * The same stream written straight to a Node response: the status and `headers`, then what `stream`
   * sends. The server's shutdown waits for every such response to close, held as one (not one promise
   * per stream).
   */
  respond(
    topics: readonly string[],
    owner: StreamOwner,
    lastEventId: string | undefined,
    shutdown: Shutdown,
    res: ServerResponse,
    headers: OutgoingHttpHeaders,
  ): void {
    this.holdResponses(shutdown)
    const client = new ResponseClient(topics, owner, res, this)
    this.openResponses++
    res.on('close', () => {
      this.remove(client)
      if (--this.openResponses === 0) this.lastResponseClosed?.()
    })
    res.writeHead(200, headers)
    this.open(client, lastEventId, shutdown.signal)
  }

  /** Forgets a stream that ended, whichever way: the client went, it was too slow, or the server ended it. */
  remove(client: Client): void {
    if (!this.clients.delete(client)) return
    for (const topic of client.topics) {
      const set = this.byTopic.get(topic)
      set?.delete(client)
      if (set?.size === 0) this.byTopic.delete(topic)
    }
    const { address, userId, sessionId } = client.owner
    countDown(this.byAddress, address)
    if (userId !== undefined) countDown(this.byUser, userId)
    if (sessionId !== undefined) {
      const set = this.bySession.get(sessionId)
      set?.delete(client)
      if (set?.size === 0) this.bySession.delete(sessionId)
    }
  }

  /** Ends every stream (with a reconnect hint) and stops the heartbeat. */
  close(): void {
    this.closed = true
    clearInterval(this.heartbeat)
    this.heartbeat = undefined
    this.endStreams()
  }

  /** Once per shutdown: it waits, after it began, until the last Node response has closed. */
  private holdResponses(shutdown: Shutdown) {
    if (this.holding.has(shutdown)) return
    this.holding.add(shutdown)
    shutdown.hold(
      new Promise<void>((resolve) => {
        const ended = () => {
          if (this.openResponses === 0) resolve()
          else this.lastResponseClosed = resolve
        }
        if (shutdown.signal.aborted) ended()
        else shutdown.signal.addEventListener('abort', ended, { once: true })
      }),
    )
  }

  /** Adds a stream: `retry`, then each topic's current state (unless the client has it). */
  private open(client: Client, lastEventId: string | undefined, signal: AbortSignal) {
    if (!this.stopSignals.has(signal)) {
      // Every stream of an instance comes with its server's one shutdown signal.
      this.stopSignals.add(signal)
      signal.addEventListener('abort', () => this.endStreams(), { once: true })
    }
    if (signal.aborted || this.closed) return client.close()
    this.clients.add(client)
    for (const topic of client.topics) addTo(this.byTopic, topic, client)
    const { address, userId, sessionId } = client.owner
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1)
    if (userId !== undefined) this.byUser.set(userId, (this.byUser.get(userId) ?? 0) + 1)
    if (sessionId !== undefined) addTo(this.bySession, sessionId, client)
    this.startHeartbeat()
    client.write(RETRY)
    for (const topic of client.topics) {
      const colon = topic.indexOf(':')
      const source = this.sources.get(topic.slice(0, colon))
      source?.initial(topic.slice(colon + 1), lastEventId).then(
        (event) => {
          if (event && this.clients.has(client)) client.write(event)
        },
        (err) => this.logger.error({ err, topic }, 'live state failed for a new stream'),
      )
    }
  }

  private startHeartbeat() {
    if (this.heartbeat) return
    this.heartbeat = setInterval(() => {
      for (const client of [...this.clients]) client.write(HEARTBEAT)
    }, HEARTBEAT_MS)
    this.heartbeat.unref()
  }

  /** The server stops: every stream is told when to reconnect, then ended. */
  private endStreams() {
    for (const client of [...this.clients]) {
      client.write(reconnectHint())
      client.close()
    }
  }
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  let set = map.get(key)
  if (!set) {
    set = new Set()
    map.set(key, set)
  }
  set.add(value)
}

function countDown<K>(counts: Map<K, number>, key: K) {
  const n = (counts.get(key) ?? 0) - 1
  if (n > 0) counts.set(key, n)
  else counts.delete(key)
}

const hubs = new WeakMap<Database, LiveHub>()

/** The event streams of the instance that owns this database connection. */
export function liveHubOf(services: { database: Database; logger: Logger }): LiveHub {
  let hub = hubs.get(services.database)
  if (!hub) {
    hub = new LiveHub(services.logger)
    hubs.set(services.database, hub)
  }
  return hub
}

/**
 * Answers a request with a stream of `topics`: written straight to the Node response on the server, a
 * web stream elsewhere (`app.request`, the tests). `Last-Event-ID` skips a state the client has. A
 * signed-in user's stream names them (`user`): it counts against their cap and ends with the session.
 * Past a cap of the client's address, the user's or the instance's, it is 429 with Retry-After.
 */
export function streamTopics(
  c: Context,
  topics: readonly string[],
  user?: { userId: string; sessionId: string },
): Response {
  const { deps } = (c as Context<AppEnv>).var
  const hub = liveHubOf(deps)
  const owner: StreamOwner = { address: addressGroup(clientIp(c, deps.env.TRUST_PROXY)), ...user }
  hub.admit(owner, streamCapsOf(deps.env))
  const lastEventId = c.req.header('last-event-id')
  const node = takeNodeResponse(c)
  if (node) {
    // 10,000 open pages are 10,000 small objects, not 10,000 web streams and their readers.
    hub.respond(topics, owner, lastEventId, deps.shutdown, node.res, { ...node.headers, ...STREAM_HEADERS })
    return node.sent
  }
  const { body, closed } = hub.stream(topics, owner, lastEventId, deps.shutdown.signal)
  deps.shutdown.hold(closed)
  return new Response(body, { headers: STREAM_HEADERS })
}
