import { createHash } from 'node:crypto'
import { CATALOG_CACHE_PREFIX } from '@/features/catalog/server/public'
import { type ShopSettings, type StockReport, type StockResponse, windowAt } from '@/features/stock/contract'
import type { Services } from '@/platform/server/context'
import type { Database } from '@/platform/server/db/client'
import { encodeEvent, type LiveHub, liveHubOf } from '@/platform/server/lib/live'
import type { Logger } from '@/platform/server/lib/logger'
import { CACHE_CHANNEL, cachePrefixOf, type ReadCache } from '@/platform/server/lib/read-cache'
import { isStockGame, STOCK_GAMES, type StockGameId } from '@/shared/games'
import { latestReports } from './report-reads'
import { itemInfoOf, presentReport } from './reports'
import { loadShopSettings } from './shops'

/** The channel on which an instance tells every instance (itself too) that a game's stock changed. */
export const STOCK_CHANNEL = 'stock_changed'

/** The live topic of a game's stock. */
export const stockTopic = (game: StockGameId) => `stock:${game}`

/** A game's current stock, serialised once per change: the GET answer and the stream's event. */
export interface StockSnapshot {
  data: StockResponse
  /** The GET answer's bytes. */
  body: Uint8Array<ArrayBuffer>
  etag: string
  /** The whole `stock` event, as the bytes written to every stream. */
  event: Uint8Array
}

/** What a snapshot is made of: it changes when a report, a shop's settings or an item in it do. */
interface StockContent {
  game: StockGameId
  shops: (ShopSettings & { report: StockReport | null })[]
  weather: StockReport[]
  items: StockResponse['items']
}

/**
 * The live stock of one server instance: each game's snapshot, rebuilt when any instance announces a
 * change (LISTEN/NOTIFY), and the event streams open on this instance, each written the same bytes.
 */
export class StockLive {
  private readonly snapshots = new Map<StockGameId, Promise<StockSnapshot>>()
  private readonly restamps = new Map<StockGameId, NodeJS.Timeout>()
  /** The version of each game's stock last written to this instance's streams (or first built). */
  private readonly sent = new Map<StockGameId, string>()
  private unlisten: (() => Promise<void>)[] = []
  private listening: Promise<void> | undefined
  private closed = false

  constructor(
    private readonly services: { database: Database; cache: ReadCache; logger: Logger },
    private readonly hub: LiveHub,
  ) {
    // A new stream of `stock:<game>` gets the current stock, unless `Last-Event-ID` is its version.
    hub.register('stock', {
      initial: async (game, lastEventId) => {
        if (!isStockGame(game)) return undefined
        // The newest snapshot: one a refresh replaced meanwhile would reach the stream after the newer one.
        let pending: Promise<StockSnapshot>
        let snapshot: StockSnapshot
        do {
          pending = this.current(game)
          snapshot = await pending
        } while (this.snapshots.get(game) !== pending)
        return snapshot.data.version === lastEventId ? undefined : snapshot.event
      },
    })
  }

  /** Listens for changes (once). */
  start(): Promise<void> {
    this.listening ??= (async () => {
      const { database } = this.services
      this.unlisten = await Promise.all([
        database.listen(STOCK_CHANNEL, (game) => {
          // '' after a lost connection: anything may have changed.
          for (const g of STOCK_GAMES) if (!game || game === g) void this.refresh(g)
        }),
        // The items' names, values and pictures are in the snapshot: a catalog write (the value team, an
        // import, a picture) rebuilds it. Unchanged stock keeps its version and is not sent again.
        database.listen(CACHE_CHANNEL, (payload) => {
          const prefix = cachePrefixOf(payload)
          if (prefix.startsWith(CATALOG_CACHE_PREFIX) || CATALOG_CACHE_PREFIX.startsWith(prefix))
            for (const g of STOCK_GAMES) void this.refresh(g)
        }),
      ])
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
      snapshot.then(
        (first) => {
          if (!this.sent.has(game)) this.sent.set(game, first.data.version)
        },
        () => this.snapshots.delete(game),
      )
    }
    return snapshot
  }

  /** Stops listening and re-stamping. */
  async close(): Promise<void> {
    this.closed = true
    for (const timer of this.restamps.values()) clearTimeout(timer)
    await this.listening?.catch(() => {})
    await Promise.all(this.unlisten.map((unlisten) => unlisten()))
  }

  /**
   * Rebuilds a game's snapshot and, when it differs from what the streams were last written, writes it
   * to every stream of the game. (Not "differs from the snapshot before": two changes close together can
   * make two refreshes that both read the second, and the streams must still get it once.)
   */
  private async refresh(game: StockGameId): Promise<void> {
    const next = this.build(game)
    this.snapshots.set(game, next)
    try {
      const after = await next
      // A later refresh may have started meanwhile: only the newest snapshot is written.
      if (this.snapshots.get(game) !== next || this.sent.get(game) === after.data.version) return
      this.sent.set(game, after.data.version)
      this.hub.publish(stockTopic(game), after.event)
    } catch (err) {
      this.snapshots.delete(game)
      this.services.logger.error({ err, game }, 'stock snapshot failed')
    }
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
      body: Buffer.from(json),
      etag: `"${version}-${now.toString(36)}"`,
      event: encodeEvent('stock', json, version),
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
    live = new StockLive(services, liveHubOf(services))
    instances.set(services.database, live)
    void live.start().catch((err) => services.logger.error({ err }, 'stock listener failed to start'))
  }
  return live
}

/** The topic a tab follows for a game's live stock (its source ready on this instance). */
export function followStock(
  services: Pick<Services, 'database' | 'cache' | 'logger'>,
  game: StockGameId,
): string {
  stockLiveOf(services)
  return stockTopic(game)
}
