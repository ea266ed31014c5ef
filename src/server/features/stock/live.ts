import { createHash } from 'node:crypto'
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Services } from '@/server/context'
import type { Database } from '@/server/db/client'
import type { Logger } from '@/server/lib/logger'
import type { ReadCache } from '@/server/lib/read-cache'
import type { Shutdown } from '@/server/lib/shutdown'
import { STOCK_GAMES, type StockGameId } from '@/shared/games'
import {
  type ShopSettings,
  STOCK_LIMITS,
  type StockReport,
  type StockResponse,
  windowAt,
} from '@/shared/stock'
import { itemInfoOf, latestReports, presentReport } from './reports'
import { loadShopSettings } from './shops'

/** The channel on which an instance tells every instance (itself too) that a game's stock changed. */
export const STOCK_CHANNEL = 'stock_changed'

/** A game's current stock, serialised once per change: the GET answer and the stream's event. */
export interface StockSnapshot {
  data: StockResponse
  json: string
  etag: string
  /** The whole `stock` event, as the bytes written to every stream. */
  event: Uint8Array
}

/** What a snapshot is made of: it changes only when a report or a shop's settings do. */
interface StockContent {
  game: StockGameId
  shops: (ShopSettings & { report: StockReport | null })[]
  weather: StockReport[]
  items: StockResponse['items']
}

/** One open stream: the bytes every stream gets are queued to it, or it is ended. */
interface Client {
  write(chunk: Uint8Array): void
  close(): void
}

const encoder = new TextEncoder()
const RETRY = encoder.encode('retry: 3000\n\n')
const HEARTBEAT = encoder.encode(':\n\n')
/** A stream that has this many events queued unread is too slow to follow: it is closed (it reconnects). */
const MAX_QUEUED_EVENTS = 8
/** The same for a stream written to a Node response, which counts bytes: 8 events of a large stock. */
const MAX_QUEUED_BYTES = 1024 * 1024

/**
 * A stream written straight to the Node response (the server's way): one small object per client, and
 * an event is one `write` of the shared bytes. A web ReadableStream per client, read by the adapter,
 * costs about 5 KB more per open stream and a few promises per client per event (`npm run bench:stock`).
 */
class ResponseClient implements Client {
  constructor(
    private readonly res: ServerResponse,
    private readonly streams: Set<Client>,
  ) {}

  write(chunk: Uint8Array) {
    // A write after the end would be an 'error' event on the response: an ended stream takes nothing.
    if (this.res.writableEnded) return
    if (this.res.writableLength > MAX_QUEUED_BYTES) return this.close()
    this.res.write(chunk)
  }

  close() {
    this.streams.delete(this)
    this.res.end()
  }
}

/**
 * The live stock of one server instance: each game's snapshot, rebuilt when any instance announces a
 * change (LISTEN/NOTIFY), and the event streams open on this instance, each written the same bytes.
 */
export class StockLive {
  private readonly snapshots = new Map<StockGameId, Promise<StockSnapshot>>()
  private readonly clients = new Map<StockGameId, Set<Client>>()
  private readonly restamps = new Map<StockGameId, NodeJS.Timeout>()
  private heartbeat: NodeJS.Timeout | undefined
  /** Shutdown signals listened to: one listener each, however many streams (not one per stream). */
  private readonly stopSignals = new WeakSet<AbortSignal>()
  /** Node responses open (until their 'close'), and the shutdowns that wait for them. */
  private openResponses = 0
  private lastResponseClosed: (() => void) | undefined
  private readonly holding = new WeakSet<Shutdown>()
  private unlisten: (() => Promise<void>) | undefined
  private listening: Promise<void> | undefined
  private closed = false

  constructor(private readonly services: { database: Database; cache: ReadCache; logger: Logger }) {}

  /** Listens for changes and starts the heartbeat (once). */
  start(): Promise<void> {
    this.listening ??= (async () => {
      this.unlisten = await this.services.database.listen(STOCK_CHANNEL, (game) => {
        // '' after a lost connection: anything may have changed.
        for (const g of STOCK_GAMES) if (!game || game === g) void this.refresh(g)
      })
      this.heartbeat = setInterval(() => this.writeAll(HEARTBEAT), STOCK_LIMITS.heartbeatMs)
      this.heartbeat.unref()
    })()
    return this.listening
  }

  /** Announces a change of a game's stock to every instance. */
  announce(game: StockGameId): Promise<void> {
    return this.services.database.notify(STOCK_CHANNEL, game)
  }

  /** The game's current stock (built on first use, then on every change). */
  current(game: StockGameId): Promise<StockSnapshot> {
    let snapshot = this.snapshots.get(game)
    if (!snapshot) {
      snapshot = this.build(game)
      this.snapshots.set(game, snapshot)
      snapshot.catch(() => this.snapshots.delete(game))
    }
    return snapshot
  }

  /** How many streams are open on this instance. */
  get streamCount(): number {
    let n = 0
    for (const set of this.clients.values()) n += set.size
    return n
  }

  /**
   * A `text/event-stream` body: the current stock at once (unless `lastEventId` is its version already),
   * then every change, and a comment every 25 s. It ends when the client goes or `signal` aborts. (The
   * server writes to the Node response instead: `respond`.)
   */
  stream(
    game: StockGameId,
    lastEventId: string | undefined,
    signal: AbortSignal,
  ): {
    body: ReadableStream<Uint8Array>
    closed: Promise<void>
  } {
    let client: Client | undefined
    let done!: () => void
    const closed = new Promise<void>((resolve) => {
      done = resolve
    })
    const streams = this.streamsOf(game)
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        client = {
          write: (chunk) => {
            try {
              if ((controller.desiredSize ?? 0) < -MAX_QUEUED_EVENTS) return client?.close()
              controller.enqueue(chunk)
            } catch {
              client?.close()
            }
          },
          close: () => {
            streams.delete(client!)
            done()
            try {
              controller.close()
            } catch {
              // already closed or errored
            }
          },
        }
        this.open(game, client, lastEventId, signal)
      },
      cancel: () => {
        if (client) streams.delete(client)
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
    game: StockGameId,
    lastEventId: string | undefined,
    shutdown: Shutdown,
    res: ServerResponse,
    headers: OutgoingHttpHeaders,
  ): void {
    this.holdResponses(shutdown)
    const streams = this.streamsOf(game)
    const client = new ResponseClient(res, streams)
    this.openResponses++
    res.on('close', () => {
      streams.delete(client)
      if (--this.openResponses === 0) this.lastResponseClosed?.()
    })
    res.writeHead(200, headers)
    this.open(game, client, lastEventId, shutdown.signal)
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

  private streamsOf(game: StockGameId): Set<Client> {
    let set = this.clients.get(game)
    if (!set) {
      set = new Set()
      this.clients.set(game, set)
    }
    return set
  }

  /** Adds a stream: `retry`, then the current stock unless the client has it. */
  private open(game: StockGameId, client: Client, lastEventId: string | undefined, signal: AbortSignal) {
    if (!this.stopSignals.has(signal)) {
      // Every stream of an instance comes with its server's one shutdown signal.
      this.stopSignals.add(signal)
      signal.addEventListener('abort', () => this.endStreams(), { once: true })
    }
    if (signal.aborted || this.closed) return client.close()
    const streams = this.streamsOf(game)
    streams.add(client)
    client.write(RETRY)
    this.current(game).then(
      (snapshot) => {
        if (snapshot.data.version !== lastEventId && streams.has(client)) client.write(snapshot.event)
      },
      (err) => this.services.logger.error({ err, game }, 'stock snapshot failed for a new stream'),
    )
  }

  private endStreams() {
    for (const set of this.clients.values()) for (const client of [...set]) client.close()
  }

  /** Ends every stream and stops listening. */
  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.heartbeat)
    for (const timer of this.restamps.values()) clearTimeout(timer)
    this.endStreams()
    await this.listening?.catch(() => {})
    await this.unlisten?.()
  }

  /** Rebuilds a game's snapshot and, when it changed, writes it to every stream of the game. */
  private async refresh(game: StockGameId): Promise<void> {
    const previous = this.snapshots.get(game)
    const next = this.build(game)
    this.snapshots.set(game, next)
    try {
      const [before, after] = await Promise.all([previous?.catch(() => undefined), next])
      // A later refresh may have started meanwhile: only the newest snapshot is written.
      if (this.snapshots.get(game) !== next || before?.data.version === after.data.version) return
      for (const client of [...(this.clients.get(game) ?? [])]) client.write(after.event)
    } catch (err) {
      this.snapshots.delete(game)
      this.services.logger.error({ err, game }, 'stock snapshot failed')
    }
  }

  private writeAll(chunk: Uint8Array) {
    for (const set of this.clients.values()) for (const client of [...set]) client.write(chunk)
  }

  private async build(game: StockGameId): Promise<StockSnapshot> {
    const { database, cache } = this.services
    const [shops, latest] = await Promise.all([
      loadShopSettings(database.db, game),
      latestReports(database.db, game, new Date()),
    ])
    const items = await itemInfoOf({ db: database.db, cache }, game, [...latest.shops, ...latest.weather])
    const content: StockContent = {
      game,
      shops: shops
        .filter((shop) => shop.enabled)
        .map((shop) => {
          const report = latest.shops.find((r) => r.shop === shop.id)
          return { ...shop, report: report ? presentReport(report) : null }
        }),
      weather: latest.weather.map(presentReport),
      items,
    }
    // The version names the content, not the time it was read: the same stock keeps its event id.
    const version = createHash('sha1').update(JSON.stringify(content)).digest('base64url').slice(0, 16)
    return this.stamp(content, version)
  }

  /**
   * The snapshot as of now: each clock shop's window and next restock. A timer stamps it again at the
   * next restock, so the answer is right without a query (the stock itself changes only by reports).
   */
  private stamp(content: StockContent, version: string): StockSnapshot {
    const now = Date.now()
    let nextBoundary = Number.POSITIVE_INFINITY
    const data: StockResponse = {
      game: content.game,
      version,
      generatedAt: new Date(now).toISOString(),
      shops: content.shops.map(({ enabled: _, ...shop }) => {
        if (shop.kind !== 'clock') return { ...shop, windowStart: null, nextRestockAt: null }
        const window = windowAt(shop, now)
        nextBoundary = Math.min(nextBoundary, window.end)
        return {
          ...shop,
          windowStart: new Date(window.start).toISOString(),
          nextRestockAt: new Date(window.end).toISOString(),
        }
      }),
      weather: content.weather,
      items: content.items,
    }
    const json = JSON.stringify(data)
    const snapshot = {
      data,
      json,
      etag: `"${version}-${now.toString(36)}"`,
      event: encoder.encode(`id: ${version}\nevent: stock\ndata: ${json}\n\n`),
    }
    if (Number.isFinite(nextBoundary)) this.restampAt(content, version, nextBoundary)
    return snapshot
  }

  private restampAt(content: StockContent, version: string, at: number) {
    const game = content.game
    clearTimeout(this.restamps.get(game))
    const timer = setTimeout(
      () => {
        this.restamps.delete(game)
        const current = this.snapshots.get(game)
        void current?.then((snapshot) => {
          if (this.snapshots.get(game) !== current || snapshot.data.version !== version || this.closed) return
          this.snapshots.set(game, Promise.resolve(this.stamp(content, version)))
        })
      },
      Math.max(0, at - Date.now()) + 5,
    )
    timer.unref()
    this.restamps.set(game, timer)
  }
}

const instances = new WeakMap<Database, StockLive>()

/** The live stock of the instance that owns this database connection (started on first use). */
export function stockLiveOf(services: Pick<Services, 'database' | 'cache' | 'logger'>): StockLive {
  let live = instances.get(services.database)
  if (!live) {
    live = new StockLive(services)
    instances.set(services.database, live)
    void live.start().catch((err) => services.logger.error({ err }, 'stock listener failed to start'))
  }
  return live
}
