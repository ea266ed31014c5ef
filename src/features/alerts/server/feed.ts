import { and, count, countDistinct, desc, eq, gt, lt, max } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import {
  FEED_RARE_CHANCE,
  FEED_TYPES,
  type FeedItem,
  type FeedResponse,
  type FeedType,
} from '@/features/alerts/contract'
import { watches } from '@/features/alerts/tables'
import {
  CATALOG_CACHE_PREFIX,
  findItemNotes,
  games,
  items,
  itemValueChanges,
} from '@/features/catalog/server/public'
import { itemFavorites } from '@/features/favorites/server/public'
import { launchSubscribers } from '@/features/launch-list/server/public'
import { oddsFromNotes, type StockResponse } from '@/features/stock/contract'
import { type StockSnapshot, stockLiveOf } from '@/features/stock/server/public'
import { users } from '@/platform/server/auth/tables'
import type { Services } from '@/platform/server/context'
import type { Database, Db } from '@/platform/server/db/client'
import { type CachedJson, toCachedJson } from '@/platform/server/lib/read-cache'
import { formatValue } from '@/shared/format-value'
import { STOCK_GAMES, type StockGameId } from '@/shared/games'

/** How long an instance keeps the feed's counts and price drops before it reads them again. */
export const FEED_CACHE_MS = 45_000
/**
 * Under the catalog's prefix: a value change (which invalidates the catalog on every instance) shows
 * as a price drop at once. Tests drop it to stand for the time passing.
 */
export const FEED_CACHE_KEY = `${CATALOG_CACHE_PREFIX}feed:`

/** At most this many candidates of a type (user activity has one per kind of count). */
const PER_TYPE = 3
const HOUR = 3_600_000
const PRICE_DROP_DAYS = 7

/** Where the count of new traders sends a visitor: to create an account. */
const SIGN_UP_LINK = '/sign-in'
/** "24 h" on one line: a toast never wraps between the number and its unit. */
const DAY = '24\u00a0h'

const stockPage = (game: StockGameId) => `/${game}-stock`
const itemPage = (game: string, item: string) => `/values/${game}/${item}`
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What the feed reads from the database: it changes with time and value changes, not with stock. */
export interface FeedFacts {
  priceDrops: FeedItem[]
  trending: FeedItem[]
  activity: FeedItem[]
}

/** Price drops of the last 7 days, the most favorited or watched items and the counts of the last 24 h. */
export async function loadFeedFacts(db: Db, now: Date): Promise<FeedFacts> {
  const [priceDrops, trending, activity] = await Promise.all([
    loadPriceDrops(db, now),
    loadTrending(db, now),
    loadActivity(db, now),
  ])
  return { priceDrops, trending, activity }
}

async function loadPriceDrops(db: Db, now: Date): Promise<FeedItem[]> {
  const since = new Date(now.getTime() - PRICE_DROP_DAYS * 24 * HOUR)
  const rows = await db
    .select({
      gameId: itemValueChanges.gameId,
      itemId: itemValueChanges.itemId,
      name: items.name,
      gameName: games.name,
      oldValue: itemValueChanges.oldValue,
      newValue: itemValueChanges.newValue,
      changedAt: itemValueChanges.changedAt,
    })
    .from(itemValueChanges)
    .innerJoin(items, and(eq(items.gameId, itemValueChanges.gameId), eq(items.id, itemValueChanges.itemId)))
    .innerJoin(games, eq(games.id, itemValueChanges.gameId))
    // A comparison with a null is never true: both values are known.
    .where(
      and(gt(itemValueChanges.changedAt, since), lt(itemValueChanges.newValue, itemValueChanges.oldValue)),
    )
    .orderBy(desc(itemValueChanges.changedAt), desc(itemValueChanges.id))
    .limit(PER_TYPE * 4)
  const seen = new Set<string>()
  const drops: FeedItem[] = []
  for (const row of rows) {
    // The newest drop of an item only.
    const key = `${row.gameId}/${row.itemId}`
    if (seen.has(key) || drops.length === PER_TYPE) continue
    seen.add(key)
    drops.push({
      type: 'price-drop',
      title: `${row.name} dropped in value`,
      description: `${formatValue(row.oldValue)} → ${formatValue(row.newValue)} · ${row.gameName}`,
      link: itemPage(row.gameId, row.itemId),
      at: row.changedAt.toISOString(),
      endsAt: null,
    })
  }
  return drops
}

async function loadTrending(db: Db, now: Date): Promise<FeedItem[]> {
  const since = new Date(now.getTime() - 24 * HOUR)
  const picked = (table: typeof itemFavorites | typeof watches) =>
    db
      .select({ userId: table.userId, gameId: table.gameId, itemId: table.itemId, at: table.createdAt })
      .from(table)
      .where(gt(table.createdAt, since))
  const recent = unionAll(picked(itemFavorites), picked(watches)).as('recent')
  const traders = countDistinct(recent.userId)
  const rows = await db
    .select({ gameId: recent.gameId, itemId: recent.itemId, name: items.name, traders })
    .from(recent)
    .innerJoin(items, and(eq(items.gameId, recent.gameId), eq(items.id, recent.itemId)))
    .groupBy(recent.gameId, recent.itemId, items.name)
    .orderBy(desc(traders), desc(max(recent.at)))
    .limit(PER_TYPE)
  return rows.map((row) => ({
    type: 'trending',
    title: `Trending: ${row.name}`,
    description: `${plural(row.traders, 'trader', 'traders')} favorited or watched it in the last ${DAY}`,
    link: itemPage(row.gameId, row.itemId),
    at: now.toISOString(),
    endsAt: null,
  }))
}

/** What traders did in the last 24 h, as counts: never who. A count of 0 is left out. */
async function loadActivity(db: Db, now: Date): Promise<FeedItem[]> {
  const since = new Date(now.getTime() - 24 * HOUR)
  const total = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0
  const [joined, ogMembers, favorited, watched] = await Promise.all([
    total(db.select({ n: count() }).from(users).where(gt(users.createdAt, since))),
    total(
      db
        .select({ n: count() })
        .from(launchSubscribers)
        .where(and(eq(launchSubscribers.verified, true), gt(launchSubscribers.verifiedAt, since))),
    ),
    total(db.select({ n: count() }).from(itemFavorites).where(gt(itemFavorites.createdAt, since))),
    total(db.select({ n: count() }).from(watches).where(gt(watches.createdAt, since))),
  ])
  const at = now.toISOString()
  const activity = (n: number, title: string, description: string, link: string): FeedItem[] =>
    n > 0 ? [{ type: 'user-activity', title, description, link, at, endsAt: null }] : []
  return [
    ...activity(
      joined,
      `${plural(joined, 'trader', 'traders')} joined in the last ${DAY}`,
      'Create your account to save favorites and get alerts',
      SIGN_UP_LINK,
    ),
    ...activity(
      ogMembers,
      `${ogMembers === 1 ? 'A new OG member' : `${ogMembers} new OG members`} in the last ${DAY}`,
      'Join the early-access launch list',
      '/',
    ),
    ...activity(
      favorited,
      `Traders favorited ${plural(favorited, 'item', 'items')} in the last ${DAY}`,
      'See what they value in Values & WFL',
      '/values-and-wfl',
    ),
    ...activity(
      watched,
      `Traders started watching ${plural(watched, 'item', 'items')} in the last ${DAY}`,
      'Watch an item to be told when it restocks or changes value',
      '/values-and-wfl',
    ),
  ]
}

/** An item in a shop's stock now: in a report whose window (or visit) holds the time. */
export interface InStock {
  game: StockGameId
  shop: string
  shopName: string
  item: string
  name: string
  /** Null at a shop without quantities (the Blox Fruits dealers): in stock, never "only N left". */
  quantity: number | null
  /** Epoch ms. */
  endsAt: number
  reportedAt: number
}

/**
 * The items in stock at `now` in the games' current stock, and until when that list holds (the first
 * window to end or to begin).
 */
export function inStockAt(stocks: StockResponse[], now: number): { entries: InStock[]; until: number } {
  const entries: InStock[] = []
  let until = Number.POSITIVE_INFINITY
  for (const stock of stocks) {
    const game = stock.game as StockGameId
    for (const shop of stock.shops) {
      const report = shop.report
      if (!report) continue
      const start = Date.parse(report.windowStart)
      const end = Date.parse(report.windowEnd)
      if (start > now) until = Math.min(until, start)
      if (start > now || end <= now) continue
      until = Math.min(until, end)
      for (const { item, quantity } of report.items) {
        entries.push({
          game,
          shop: shop.id,
          shopName: shop.name,
          item,
          name: stock.items[item]?.name ?? item,
          quantity,
          endsAt: end,
          reportedAt: Date.parse(report.reportedAt),
        })
      }
    }
  }
  // The newest reports first.
  entries.sort((a, b) => b.reportedAt - a.reportedAt)
  return { entries, until }
}

/** Whether the feed calls an item in stock rare: 1 in FEED_RARE_CHANCE or rarer, or any mirage fruit. */
export function isRareStock(entry: Pick<InStock, 'game' | 'shop'>, notes: string | null): boolean {
  if (entry.game === 'blox-fruits' && entry.shop === 'mirage') return true
  const odds = oddsFromNotes(notes)
  return odds !== null && odds.chance >= FEED_RARE_CHANCE
}

/**
 * Limited-time (rare) and low-stock (1 or 2 left) candidates. The description names the shop; the
 * page adds the live countdown to `endsAt`. An item of a shop without quantities is never low stock:
 * it is in stock, or not.
 */
export function stockCandidates(
  entries: InStock[],
  notesOf: (entry: InStock) => string | null,
): { limited: FeedItem[]; low: FeedItem[] } {
  const item = (type: FeedType, entry: InStock, title: string, description: string): FeedItem => ({
    type,
    title,
    description,
    link: stockPage(entry.game),
    at: new Date(entry.reportedAt).toISOString(),
    endsAt: new Date(entry.endsAt).toISOString(),
  })
  const limited = entries
    .filter((entry) => isRareStock(entry, notesOf(entry)))
    .slice(0, PER_TYPE)
    .map((e) => item('limited-time', e, `Limited time: ${e.name}`, `In stock at the ${e.shopName}`))
  const low = entries
    .flatMap((entry) =>
      entry.quantity !== null && entry.quantity <= 2 ? [{ ...entry, quantity: entry.quantity }] : [],
    )
    .sort((a, b) => a.quantity - b.quantity || b.reportedAt - a.reportedAt)
    .slice(0, PER_TYPE)
    .map((e) => item('low-stock', e, `Low stock: ${e.name}`, `Only ${e.quantity} left at the ${e.shopName}`))
  return { limited, low }
}

/** The answer of one instance, kept while its facts, the stock and every window in it hold. */
interface FeedMemo {
  generation: number
  factsUntil: number
  answer?: {
    facts: FeedFacts
    snapshots: StockSnapshot[]
    until: number
    data: FeedResponse
    json: CachedJson
  }
}

const memos = new WeakMap<Database, FeedMemo>()

type FeedDeps = Pick<Services, 'database' | 'cache' | 'logger'>

/**
 * GET /api/feed for a visitor: candidates by type in FEED_TYPES order, from the live stock snapshots
 * (rebuilt on every report, on every instance) and the database facts (read at most once per
 * FEED_CACHE_MS per instance, and again after a value change). No `sale` until the trade marketplace
 * exists. The same answer for every visitor.
 */
export async function feedAnswer(deps: FeedDeps, now = Date.now()): Promise<CachedJson> {
  return (await sharedFeed(deps, now)).json
}

/**
 * GET /api/feed for a signed-in trader: the visitors' answer without what is not news to them. No
 * "Create your account"; no "Trending" of an item they favorited or watched themselves in the last
 * 24 h (their own pick would be announced back to them). Their picks are read on every request, so
 * a pick counts at once; nobody else's picks are ever named.
 */
export async function feedAnswerFor(deps: FeedDeps, userId: string, now = Date.now()): Promise<CachedJson> {
  const [{ data }, picked] = await Promise.all([
    sharedFeed(deps, now),
    ownPicks(deps.database.db, userId, new Date(now)),
  ])
  const items = data.items.filter(
    (item) => item.link !== SIGN_UP_LINK && !(item.type === 'trending' && picked.has(item.link)),
  )
  return toCachedJson({ ...data, items } satisfies FeedResponse)
}

/** The item pages of the items a user favorited or watched in the last 24 h. */
async function ownPicks(db: Db, userId: string, now: Date): Promise<Set<string>> {
  const since = new Date(now.getTime() - 24 * HOUR)
  const picked = (table: typeof itemFavorites | typeof watches) =>
    db
      .select({ gameId: table.gameId, itemId: table.itemId })
      .from(table)
      .where(and(eq(table.userId, userId), gt(table.createdAt, since)))
  const rows = await unionAll(picked(itemFavorites), picked(watches))
  return new Set(rows.map((row) => itemPage(row.gameId, row.itemId)))
}

async function sharedFeed(deps: FeedDeps, now: number): Promise<{ data: FeedResponse; json: CachedJson }> {
  let memo = memos.get(deps.database)
  if (!memo) {
    memo = { generation: 0, factsUntil: 0 }
    memos.set(deps.database, memo)
  }
  if (now >= memo.factsUntil) {
    memo.generation++
    memo.factsUntil = now + FEED_CACHE_MS
  }
  const facts = await deps.cache.value(`${FEED_CACHE_KEY}${memo.generation}`, () =>
    loadFeedFacts(deps.database.db, new Date(now)),
  )
  const live = stockLiveOf(deps)
  const snapshots = await Promise.all(STOCK_GAMES.map((game) => live.current(game)))
  const kept = memo.answer
  if (kept && kept.facts === facts && now < kept.until && kept.snapshots.every((s, i) => s === snapshots[i]))
    return kept

  const { entries, until } = inStockAt(
    snapshots.map((s) => s.data),
    now,
  )
  const catalog = { db: deps.database.db, cache: deps.cache }
  const notes = new Map<InStock, string | null>()
  for (const entry of entries)
    notes.set(entry, (await findItemNotes(catalog, entry.game, entry.item))?.notes ?? null)
  const { limited, low } = stockCandidates(entries, (entry) => notes.get(entry) ?? null)
  const byType: Record<FeedType, FeedItem[]> = {
    'limited-time': limited,
    'price-drop': facts.priceDrops,
    'low-stock': low,
    trending: facts.trending,
    'user-activity': facts.activity,
    sale: [],
  }
  const answer: FeedResponse = {
    generatedAt: new Date(now).toISOString(),
    items: FEED_TYPES.flatMap((type) => byType[type]),
  }
  memo.answer = { facts, snapshots, until, data: answer, json: toCachedJson(answer) }
  return memo.answer
}
