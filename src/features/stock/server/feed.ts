/**
 * Grow a Garden's stock from an upstream feed (GROW_A_GARDEN_STOCK_FEED_URL, in the shape community bots
 * publish): read at each restock and every 15 s after until it has the new stock (feeds lag the game by
 * a minute), its items mapped to the catalog (by id, then name, then alias; unknown ones listed for the
 * stock managers, never invented), written as reports of the "feed" source through the same path as a
 * manager's or a bot's. One instance reads at a time: an advisory lock guards the claim of a read, and
 * the claim (a lease in `stock_feed_state`) holds while it runs. See docs/decisions/049-stock-feed.md.
 */
import { desc, eq, sql } from 'drizzle-orm'
import { findItems, findItemsByName } from '@/features/catalog/server/public'
import {
  type FeedItem,
  type FeedUnknownResponse,
  type ShopSettings,
  STOCK_FEED,
  type StockFeed,
  type StockWindow,
  slugOf,
  stockFeedSchema,
  WEATHER,
  WEATHER_SHOP,
  windowAt,
} from '@/features/stock/contract'
import { type FeedShopState, stockFeedState, stockFeedUnknownItems } from '@/features/stock/tables'
import type { Logger } from '@/platform/server/lib/logger'
import type { StockGameId } from '@/shared/games'
import { isOwnKey } from '@/shared/lookup'
import { postFeedReports } from './report-writes'
import { catalogOf, type ReportInput, type StockDeps } from './reports'
import { shopSettingsOf } from './shops'

/** The game whose stock the feed gives. */
export const FEED_GAME = 'grow-a-garden' as const satisfies StockGameId

/** The feed's lists and the shop each one fills (the traveling merchant's is a visit). */
const FEED_LISTS = {
  seed_stock: 'seeds',
  gear_stock: 'gear',
  egg_stock: 'eggs',
  cosmetic_stock: 'cosmetics',
  eventshop_stock: 'event',
  travelingmerchant_stock: 'traveling-merchant',
} as const

export interface FeedDeps extends StockDeps {
  logger: Logger
  /** GROW_A_GARDEN_STOCK_FEED_URL. */
  url: string
  /** GROW_A_GARDEN_STOCK_FEED_KEY, sent as `STOCK_FEED.keyHeader`. */
  key?: string
  /** The clock reads and restock windows go by (tests move it on); the real one by default. */
  now?: () => number
}

// --- Reading ------------------------------------------------------------------------------------------

/** The feed's answer, checked; or why it was skipped (a status, a body too large, not the shape). */
export async function fetchFeed(
  deps: Pick<FeedDeps, 'url' | 'key'>,
): Promise<{ feed: StockFeed } | { error: string }> {
  let res: Response
  try {
    res = await fetch(deps.url, {
      headers: { accept: 'application/json', ...(deps.key && { [STOCK_FEED.keyHeader]: deps.key }) },
      signal: AbortSignal.timeout(STOCK_FEED.timeoutMs),
    })
  } catch (error) {
    return { error: `The feed could not be reached: ${error instanceof Error ? error.message : error}` }
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {})
    return { error: `The feed answered ${res.status}` }
  }
  const body = await readLimited(res, STOCK_FEED.maxBytes)
  if (body === null) return { error: `The feed's answer is larger than ${STOCK_FEED.maxBytes} bytes` }
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return { error: 'The feed did not answer JSON' }
  }
  const parsed = stockFeedSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return {
      error: `The feed's answer is malformed: ${issue.path.join('.') || '(answer)'}: ${issue.message}`,
    }
  }
  return { feed: parsed.data }
}

/** The body as text, or null past `max` bytes (the rest is not read). */
async function readLimited(res: Response, max: number): Promise<string | null> {
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Each list the feed gave, with its shop (absent lists are left out; null is an empty list). */
function feedLists(feed: StockFeed): { shop: string; list: FeedItem[] }[] {
  return Object.entries(FEED_LISTS).flatMap(([key, shop]) => {
    if (!Object.hasOwn(feed, key)) return []
    const value = feed[key as keyof typeof FEED_LISTS]
    const list = value == null ? [] : Array.isArray(value) ? value : (value.stock ?? [])
    return [{ shop, list }]
  })
}

// --- Mapping to the catalog ---------------------------------------------------------------------------

/**
 * A feed item's catalog id: its `item_id` as an id ("Green_Apple" → green-apple), else its name (the
 * display name, then the item id as words) as an item's name, else as an alias; undefined when the
 * catalog has none of them (never invented).
 */
export async function feedItemMapper(
  deps: Pick<StockDeps, 'db' | 'cache'>,
  game: StockGameId,
  entries: readonly Pick<FeedItem, 'item_id' | 'display_name'>[],
): Promise<(entry: Pick<FeedItem, 'item_id' | 'display_name'>) => string | undefined> {
  const catalog = catalogOf(deps)
  const byId = await findItems(catalog, game, [...new Set(entries.map((e) => slugOf(e.item_id)))])
  const names = entries.flatMap((e) => [e.display_name ?? '', e.item_id]).filter(Boolean)
  const byName = await findItemsByName(catalog, game, [...new Set(names)])
  return (entry) => {
    const id = slugOf(entry.item_id)
    if (byId.has(id)) return id
    const hits = [entry.display_name, entry.item_id].flatMap((n) => (n ? [byName.get(n)] : []))
    return (hits.find((h) => h?.by === 'name') ?? hits.find((h) => h?.by === 'alias'))?.item.id
  }
}

// --- What a read writes ---------------------------------------------------------------------------------

/** A list as one string: the same items and quantities are the same stock. */
const fingerprintOf = (list: readonly FeedItem[]) =>
  list
    .map((i) => `${i.item_id}:${i.quantity}`)
    .sort()
    .join(',')

/**
 * Whether a clock shop's list is the stock of the current window, or still the previous one (feeds lag
 * the game by a minute or so). By its dates when it has them: it ends after the window began (give or
 * take a quarter of the window, at most a minute, for the clocks' difference). Without dates: it differs
 * from what was read before the window began; with nothing read before (a fresh start), once the feeds'
 * lag has passed.
 */
export function feedListIsNew(
  list: readonly FeedItem[],
  before: string | undefined,
  window: StockWindow,
  now: number,
): boolean {
  const ends = list.flatMap((i) => (i.end_date_unix ? [i.end_date_unix * 1000] : []))
  if (ends.length > 0) {
    const slack = Math.min(60_000, (window.end - window.start) / 4)
    return Math.max(...ends) > window.start + slack
  }
  if (before !== undefined) return fingerprintOf(list) !== before
  return now - window.start >= STOCK_FEED.lagMs
}

/** The clock shops on, and the start of the next restock of any. */
function clockShops(shops: readonly ShopSettings[], now: number) {
  const clocks = shops.filter((s) => s.enabled && s.kind === 'clock')
  const nextRestock = Math.min(...clocks.map((s) => windowAt(s, now).end))
  return { clocks, nextRestock }
}

/** The clock shops whose current window the feed has not given yet. */
const pendingShops = (clocks: readonly ShopSettings[], state: Record<string, FeedShopState>, now: number) =>
  clocks.filter(
    (s) => (Object.hasOwn(state, s.id) ? state[s.id]!.done : undefined) !== windowAt(s, now).start,
  )

const unixIso = (seconds: number | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString() : undefined

interface Unknown {
  shop: string
  feedId: string
  displayName: string
}

/** What one read gives: the reports to write, the unknown items, and each clock shop's new state. */
async function planRead(
  deps: FeedDeps,
  feed: StockFeed,
  clocks: readonly ShopSettings[],
  state: Record<string, FeedShopState>,
  now: number,
) {
  const lists = feedLists(feed)
  const idOf = await feedItemMapper(
    deps,
    FEED_GAME,
    lists.flatMap((l) => l.list),
  )
  const next: Record<string, FeedShopState> = { ...state }
  const inputs: ReportInput[] = []
  const unknown = new Map<string, Unknown>()
  /** The items of a list as a report's (eggs are slots: one egg several times adds up). */
  const itemsOf = (shop: string, list: readonly FeedItem[]) => {
    const quantities = new Map<string, number>()
    for (const entry of list) {
      if (entry.quantity <= 0) continue
      const id = idOf(entry)
      if (id === undefined) {
        const displayName = entry.display_name || entry.item_id
        unknown.set(`${shop}\u0000${entry.item_id}`, { shop, feedId: entry.item_id, displayName })
        continue
      }
      quantities.set(id, Math.min(999, (quantities.get(id) ?? 0) + entry.quantity))
    }
    return [...quantities].map(([item, quantity]) => ({ item, quantity }))
  }

  for (const shop of clocks) {
    const window = windowAt(shop, now)
    const own = Object.hasOwn(state, shop.id) ? state[shop.id]! : {}
    if (own.done === window.start) continue
    const list = lists.find((l) => l.shop === shop.id)?.list ?? []
    const fingerprint = fingerprintOf(list)
    const before = own.seen && own.seen.window < window.start ? own.seen.fingerprint : own.before
    const shopState: FeedShopState = { ...own, before, seen: { window: window.start, fingerprint } }
    if (list.length === 0 || feedListIsNew(list, before, window, now)) {
      shopState.done = window.start
      const items = itemsOf(shop.id, list)
      if (items.length > 0) inputs.push({ shop: shop.id, items })
    }
    next[shop.id] = shopState
  }

  // The traveling merchant (a visit, its dates the feed's) and the weather: each read, while they last.
  const merchant = lists.find((l) => l.shop === FEED_LISTS.travelingmerchant_stock)?.list ?? []
  const merchantEnds = Math.max(0, ...merchant.map((i) => i.end_date_unix ?? 0)) * 1000
  if (merchant.length > 0 && (merchantEnds === 0 || merchantEnds > now)) {
    const items = itemsOf(FEED_LISTS.travelingmerchant_stock, merchant)
    const starts = merchant.flatMap((i) => (i.start_date_unix ? [i.start_date_unix] : []))
    if (items.length > 0)
      inputs.push({
        shop: FEED_LISTS.travelingmerchant_stock,
        items,
        ...(starts.length > 0 && { startsAt: unixIso(Math.min(...starts)) }),
        ...(merchantEnds > 0 && starts.length > 0 && { endsAt: new Date(merchantEnds).toISOString() }),
      })
  }
  for (const w of feed.weather ?? []) {
    if (w.active === false || !isOwnKey(WEATHER, w.weather_id)) continue
    if (w.end_duration_unix && w.end_duration_unix * 1000 <= now) continue
    inputs.push({
      shop: WEATHER_SHOP,
      items: [],
      weather: w.weather_id,
      ...(w.start_duration_unix ? { startsAt: unixIso(w.start_duration_unix) } : {}),
      ...(w.start_duration_unix && w.end_duration_unix ? { endsAt: unixIso(w.end_duration_unix) } : {}),
    })
  }
  return { inputs, unknown: [...unknown.values()], next }
}

/** Notes the feed's unknown items (seen again: counted), keeping the `maxUnknown` seen last. */
async function recordUnknown(deps: Pick<StockDeps, 'db'>, game: StockGameId, items: Unknown[], now: number) {
  if (items.length === 0) return
  const at = new Date(now)
  const t = stockFeedUnknownItems
  await deps.db
    .insert(t)
    .values(items.map((i) => ({ gameId: game, ...i, firstSeenAt: at, lastSeenAt: at })))
    .onConflictDoUpdate({
      target: [t.gameId, t.shop, t.feedId],
      set: { displayName: sql`excluded.display_name`, lastSeenAt: at, timesSeen: sql`${t.timesSeen} + 1` },
    })
  await deps.db.execute(sql`delete from ${t} where ${t.gameId} = ${game} and (${t.shop}, ${t.feedId}) not in (
    select shop, feed_id from ${t} where game_id = ${game} order by last_seen_at desc limit ${STOCK_FEED.maxUnknown})`)
}

// --- One read, claimed by one instance ------------------------------------------------------------------

export interface FeedRound {
  /** Whether this instance read the feed. */
  read: boolean
  /** When a read is next due (epoch ms): 15 s on while a shop waits for its new stock, else the next restock. */
  nextAt: number
  /** Why the read was skipped (the feed's error), if it was. */
  error?: string
  /** Reports stored new by this read. */
  written?: number
}

/**
 * Claims the read if one is due: under the feed's advisory lock (two instances at once: one claims,
 * the other finds the claim), a shop waits for its window's stock, no other instance holds the lease, and
 * the retry is due. Claimed, the lease is taken for `leaseMs`.
 */
async function claimRead(deps: FeedDeps, clocks: readonly ShopSettings[], nextRestock: number, now: number) {
  const game = FEED_GAME
  await deps.db.insert(stockFeedState).values({ gameId: game }).onConflictDoNothing()
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext(${`stock-feed:${game}`})) as locked`,
    )
    if (!rows[0]?.locked)
      return { claimed: false as const, nextAt: Math.min(now + STOCK_FEED.retryMs, nextRestock) }
    const [row] = await tx.select().from(stockFeedState).where(eq(stockFeedState.gameId, game))
    const state = row?.shops ?? {}
    if (pendingShops(clocks, state, now).length === 0) return { claimed: false as const, nextAt: nextRestock }
    const held = row?.leaseUntil && row.leaseUntil.getTime() > now
    if (held) return { claimed: false as const, nextAt: Math.min(now + STOCK_FEED.retryMs, nextRestock) }
    const retryAt = row?.nextReadAt?.getTime()
    if (retryAt !== undefined && retryAt > now) return { claimed: false as const, nextAt: retryAt }
    await tx
      .update(stockFeedState)
      .set({ leaseUntil: new Date(now + STOCK_FEED.leaseMs) })
      .where(eq(stockFeedState.gameId, game))
    return { claimed: true as const, state }
  })
}

/** One round: reads the feed if a read is due and this instance claims it, writes what it gives. */
export async function feedRound(deps: FeedDeps): Promise<FeedRound> {
  const now = (deps.now ?? Date.now)()
  const game = FEED_GAME
  const { clocks, nextRestock } = clockShops(await shopSettingsOf(deps, game), now)
  if (clocks.length === 0) return { read: false, nextAt: now + 60 * 60_000 }
  const claim = await claimRead(deps, clocks, nextRestock, now)
  if (!claim.claimed) return { read: false, nextAt: claim.nextAt }

  let next = claim.state
  let error: string | undefined
  let written = 0
  try {
    const answer = await fetchFeed(deps)
    if ('error' in answer) {
      error = answer.error
      deps.logger.warn({ url: deps.url, reason: error }, 'stock feed read skipped')
    } else {
      const plan = await planRead(deps, answer.feed, clocks, claim.state, now)
      await recordUnknown(deps, game, plan.unknown, now)
      const outcomes = await postFeedReports(deps, game, plan.inputs, now)
      written = outcomes.filter((o) => o.result?.created).length
      for (const o of outcomes.filter((o) => o.refused))
        deps.logger.warn({ shop: o.input.shop, reason: o.refused }, 'stock feed report refused')
      next = plan.next
    }
  } finally {
    const waiting = pendingShops(clocks, next, now).length > 0
    await deps.db
      .update(stockFeedState)
      .set({
        shops: next,
        leaseUntil: null,
        nextReadAt: waiting ? new Date(Math.min(now + STOCK_FEED.retryMs, nextRestock)) : null,
        lastReadAt: new Date(now),
        ...(error === undefined ? { lastOkAt: new Date(now), lastError: null } : { lastError: error }),
      })
      .where(eq(stockFeedState.gameId, game))
  }
  const waiting = pendingShops(clocks, next, now).length > 0
  return {
    read: true,
    nextAt: waiting ? Math.min(now + STOCK_FEED.retryMs, nextRestock) : nextRestock,
    ...(error !== undefined && { error }),
    written,
  }
}

// --- The worker -----------------------------------------------------------------------------------------

/**
 * Reads the feed on every instance's schedule (only the instance that claims a read reads): at each
 * restock, then every 15 s until the new stock is there, up to the next restock. `stop` waits for the
 * read under way (the server drains it on SIGTERM).
 */
export class StockFeedWorker {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = true

  constructor(private readonly deps: FeedDeps) {}

  private now(): number {
    return (this.deps.now ?? Date.now)()
  }

  start(): void {
    this.stopped = false
    this.schedule(0)
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer)
    if (this.stopped) return
    this.timer = setTimeout(() => void this.tick(), Math.max(0, delayMs))
    this.timer.unref()
  }

  private async tick() {
    const round = await this.runOnce()
    this.schedule((round?.nextAt ?? this.now() + STOCK_FEED.retryMs) - this.now())
  }

  /** One round now (a read if one is due and this instance claims it); undefined if it failed (logged). */
  async runOnce(): Promise<FeedRound | undefined> {
    const round = feedRound(this.deps).catch((err) => {
      this.deps.logger.error({ err }, 'stock feed round failed')
      return undefined
    })
    const settled = round.then(() => {})
    this.running = settled
    try {
      return await round
    } finally {
      if (this.running === settled) this.running = undefined
    }
  }

  /** Resolves when the read under way (if any) has finished. */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.idle()
  }
}

// --- What the stock managers see ------------------------------------------------------------------------

/**
 * The feed's items the catalog still lacks (one a manager has since added is left out), seen last first,
 * and how the last read went.
 */
export async function feedUnknownItems(
  deps: Pick<StockDeps, 'db' | 'cache'>,
  game: StockGameId,
  configured: boolean,
): Promise<FeedUnknownResponse> {
  const [state] = await deps.db.select().from(stockFeedState).where(eq(stockFeedState.gameId, game))
  const rows = await deps.db
    .select()
    .from(stockFeedUnknownItems)
    .where(eq(stockFeedUnknownItems.gameId, game))
    .orderBy(desc(stockFeedUnknownItems.lastSeenAt), stockFeedUnknownItems.feedId)
    .limit(50)
  const idOf = await feedItemMapper(
    deps,
    game,
    rows.map((r) => ({ item_id: r.feedId, display_name: r.displayName })),
  )
  return {
    configured: configured && game === FEED_GAME,
    lastReadAt: state?.lastReadAt?.toISOString() ?? null,
    lastOkAt: state?.lastOkAt?.toISOString() ?? null,
    lastError: state?.lastError ?? null,
    items: rows
      .filter((r) => idOf({ item_id: r.feedId, display_name: r.displayName }) === undefined)
      .map((r) => ({
        shop: r.shop,
        feedId: r.feedId,
        displayName: r.displayName,
        firstSeenAt: r.firstSeenAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        timesSeen: r.timesSeen,
      })),
  }
}
