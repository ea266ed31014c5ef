import { and, asc, desc, eq, exists, inArray, ne, not, type SQLWrapper, sql } from 'drizzle-orm'
import { profiles, userBlocks } from '@/features/accounts/server/public'
import { notifyTrader } from '@/features/alerts/server/public'
import type { ItemSummary } from '@/features/catalog/contract'
import { defaultVariantOf } from '@/features/catalog/rules'
import { type CatalogDeps, findItems } from '@/features/catalog/server/public'
import { DEFAULT_FAIR_BAND, evaluateTrade, unitValue } from '@/features/catalog/wfl'
import {
  type PublicTradeListsResponse,
  type ShownListEntry,
  TRADE_LIST_LIMITS,
  TRADE_LIST_MESSAGES,
  type TradeListEntry,
  type TradeListSide,
  type TradeListsRequest,
  type TradeListsResponse,
  type TradeMatch,
  type TradeMatchesResponse,
} from '@/features/trade-lists/contract'
import { tradeListItems, tradeLists, tradeMatchNotices } from '@/features/trade-lists/tables'
import type { TradeSlot, TradeWfl } from '@/features/trading/contract'
import {
  adLink,
  adOpenAt,
  adShown,
  type PostedAd,
  presentAds,
  tradeAdItems,
  tradeAds,
  traderShown,
} from '@/features/trading/server/public'
import type { Db } from '@/platform/server/db/client'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import { GAME_IDS, GAME_NAMES, type GameId } from '@/shared/games'
import {
  type AdTerms,
  compareMatches,
  type Lists,
  type MatchSlot,
  matchAd,
  withDefaultVariant,
} from './matching'

/** What the lists' services use: the database, the read cache (the catalog's), the clock. */
export interface TradeListsDeps {
  db: Db
  cache: ReadCache
  now: () => Date
}

const catalogOf = (t: { db: Db; cache: ReadCache }): CatalogDeps => ({ db: t.db, cache: t.cache })

// --- My lists -------------------------------------------------------------------------------------

const toEntry = (row: { itemId: string; variant: string | null; quantity: number }): TradeListEntry => ({
  item: row.itemId,
  variant: row.variant,
  quantity: row.quantity,
})

/** The rows of a trader's lists of these games (every game: none given), in each list's order. */
async function listRows(db: DbOrTx, userId: string, gameIds?: readonly string[]) {
  return db
    .select({
      gameId: tradeListItems.gameId,
      side: tradeListItems.side,
      itemId: tradeListItems.itemId,
      variant: tradeListItems.variant,
      quantity: tradeListItems.quantity,
    })
    .from(tradeListItems)
    .where(
      and(
        eq(tradeListItems.userId, userId),
        gameIds ? inArray(tradeListItems.gameId, [...gameIds]) : undefined,
      ),
    )
    .orderBy(asc(tradeListItems.gameId), asc(tradeListItems.side), asc(tradeListItems.position))
}

/** GET /api/me/lists/:game: the trader's two lists of the game (empty and private when never saved). */
export async function getLists(db: DbOrTx, userId: string, gameId: GameId): Promise<TradeListsResponse> {
  const [head] = await db
    .select()
    .from(tradeLists)
    .where(and(eq(tradeLists.userId, userId), eq(tradeLists.gameId, gameId)))
  const rows = head ? await listRows(db, userId, [gameId]) : []
  return {
    game: gameId,
    have: rows.filter((r) => r.side === 'have').map(toEntry),
    want: rows.filter((r) => r.side === 'want').map(toEntry),
    public: head?.public ?? false,
    updatedAt: head?.updatedAt.toISOString() ?? null,
  }
}

/** A variant as a list keeps it: none for the game's default variant (the item's own value). */
const storedVariant = (gameId: GameId, variant: string | undefined): string | null =>
  variant === undefined || variant === defaultVariantOf(gameId) ? null : variant

const refused = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fields: { [field]: message } })

/**
 * The catalog check of both lists: 400 naming the field unless each entry is an item of the game, in a
 * variant it has, and each (item, variant) is in a list once. Retired items may stay (they match no new ad).
 */
async function checkLists(t: TradeListsDeps, gameId: GameId, input: TradeListsRequest): Promise<void> {
  const ids = [...new Set([...input.have, ...input.want].map((e) => e.item))]
  const items = await findItems(catalogOf(t), gameId, ids)
  for (const side of ['have', 'want'] as const) {
    const seen = new Set<string>()
    for (const [index, entry] of input[side].entries()) {
      const field = `${side}.${index}`
      const item = items.get(entry.item)
      if (!item) throw refused(`${field}.item`, TRADE_LIST_MESSAGES.notAnItem(entry.item, GAME_NAMES[gameId]))
      if (entry.variant !== undefined && !(item.variants && Object.hasOwn(item.variants, entry.variant)))
        throw refused(`${field}.variant`, TRADE_LIST_MESSAGES.noVariant(item.name, entry.variant))
      const key = `${entry.item}~${storedVariant(gameId, entry.variant) ?? ''}`
      if (seen.has(key)) throw refused(`${field}.item`, TRADE_LIST_MESSAGES.duplicate(item.name))
      seen.add(key)
    }
  }
}

/**
 * PUT /api/me/lists/:game: replaces both lists of the game (one transaction; the trader's writes of one
 * game one after the other). `public` absent keeps what it was.
 */
export async function putLists(
  t: TradeListsDeps,
  userId: string,
  gameId: GameId,
  input: TradeListsRequest,
): Promise<TradeListsResponse> {
  await checkLists(t, gameId, input)
  return t.db.transaction(async (tx) => {
    const now = t.now()
    await tx
      .insert(tradeLists)
      .values({ userId, gameId, public: input.public ?? false, updatedAt: now })
      .onConflictDoUpdate({
        target: [tradeLists.userId, tradeLists.gameId],
        set: { updatedAt: now, ...(input.public !== undefined && { public: input.public }) },
      })
    // The upsert locks the lists' row: two saves of one game cannot interleave their entries.
    await tx
      .delete(tradeListItems)
      .where(and(eq(tradeListItems.userId, userId), eq(tradeListItems.gameId, gameId)))
    const rows = (['have', 'want'] as const).flatMap((side: TradeListSide) =>
      input[side].map((entry, position) => ({
        userId,
        gameId,
        side,
        position,
        itemId: entry.item,
        variant: storedVariant(gameId, entry.variant),
        quantity: entry.quantity ?? 1,
      })),
    )
    if (rows.length > 0) await tx.insert(tradeListItems).values(rows)
    return getLists(tx, userId, gameId)
  })
}

// --- Public lists on a profile --------------------------------------------------------------------

const shown = (entry: TradeListEntry, items: ReadonlyMap<string, ItemSummary>): ShownListEntry => {
  const item = items.get(entry.item)
  return { ...entry, name: item?.name ?? entry.item, image: item?.image ?? null }
}

/**
 * GET /api/users/:username/lists: the lists the trader made public (none for a trader whose ads do not
 * show, as their ads). 404: nobody has the name.
 */
export async function publicLists(
  t: Pick<TradeListsDeps, 'db' | 'cache'>,
  username: string,
): Promise<PublicTradeListsResponse> {
  const [trader] = await t.db
    .select({ userId: profiles.userId, shown: sql<boolean>`${traderShown(profiles.userId)}` })
    .from(profiles)
    .where(eq(profiles.username, username))
  if (!trader) throw new AppError('NOT_FOUND', TRADE_LIST_MESSAGES.traderNotFound)
  if (!trader.shown) return { lists: [] }
  const heads = await t.db
    .select()
    .from(tradeLists)
    .where(and(eq(tradeLists.userId, trader.userId), eq(tradeLists.public, true)))
  if (heads.length === 0) return { lists: [] }
  const rows = await listRows(
    t.db,
    trader.userId,
    heads.map((h) => h.gameId),
  )
  const lists: PublicTradeListsResponse['lists'] = []
  for (const game of GAME_IDS) {
    const head = heads.find((h) => h.gameId === game)
    if (!head) continue
    const mine = rows.filter((r) => r.gameId === game)
    if (mine.length === 0) continue
    const items = await findItems(catalogOf(t), game, [...new Set(mine.map((r) => r.itemId))])
    const side = (s: TradeListSide) => mine.filter((r) => r.side === s).map((r) => shown(toEntry(r), items))
    lists.push({ game, have: side('have'), want: side('want'), updatedAt: head.updatedAt.toISOString() })
  }
  return { lists }
}

// --- Matches --------------------------------------------------------------------------------------

/**
 * The policy between two traders: neither blocked the other (each a column or a value). A match is never
 * an ad of a trader I blocked or who blocked me, and such a trader's new ad never tells me it matches.
 */
export const notBlockedBetween = (a: SQLWrapper | string, b: SQLWrapper | string) =>
  not(
    exists(
      sql`(select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a}))`,
    ),
  )

const wflSlots = (slots: readonly MatchSlot[]) =>
  slots.map((s) => ({
    itemId: s.itemId,
    quantity: s.quantity,
    ...(s.variant !== null && { variant: s.variant }),
  }))

/** My verdict of a match (I give `give`, get `get`), by the calculator's rule with its default band. */
export function verdictFor(
  gameId: GameId,
  trade: { give: readonly MatchSlot[]; get: readonly MatchSlot[] },
  items: ReadonlyMap<string, ItemSummary>,
): TradeWfl {
  const result = evaluateTrade({ give: wflSlots(trade.give), get: wflSlots(trade.get) }, items, {
    band: DEFAULT_FAIR_BAND,
    game: gameId,
  })
  return {
    offering: result.give.total,
    requesting: result.get.total,
    difference: result.difference,
    percent: result.percent,
    verdict: result.verdict,
    band: DEFAULT_FAIR_BAND,
  }
}

function presentSlots(slots: readonly MatchSlot[], items: ReadonlyMap<string, ItemSummary>): TradeSlot[] {
  return slots.map((s) => {
    const item = items.get(s.itemId)
    return {
      item: s.itemId,
      variant: s.variant,
      quantity: s.quantity,
      name: item?.name ?? s.itemId,
      image: item?.image ?? null,
      value: item ? unitValue(item, { variant: s.variant ?? undefined }) : null,
      retired: item?.retired ?? false,
    }
  })
}

/** The sides of these ads as stored, by ad. */
async function termsOf(db: DbOrTx, ads: readonly { id: number; gameId: string; tags: readonly string[] }[]) {
  const terms = new Map<number, AdTerms & { offering: MatchSlot[]; requesting: MatchSlot[] }>(
    ads.map((ad) => [ad.id, { offering: [], requesting: [], any: ad.tags.includes('any') }]),
  )
  if (ads.length === 0) return terms
  const rows = await db
    .select({
      adId: tradeAdItems.adId,
      side: tradeAdItems.side,
      itemId: tradeAdItems.itemId,
      variant: tradeAdItems.variant,
      quantity: tradeAdItems.quantity,
    })
    .from(tradeAdItems)
    .where(
      inArray(
        tradeAdItems.adId,
        ads.map((ad) => ad.id),
      ),
    )
    .orderBy(asc(tradeAdItems.adId), asc(tradeAdItems.side), asc(tradeAdItems.position))
  for (const row of rows) {
    const slot = { itemId: row.itemId, variant: row.variant, quantity: row.quantity }
    terms.get(row.adId)?.[row.side === 'offering' ? 'offering' : 'requesting'].push(slot)
  }
  for (const ad of ads) {
    const adTerms = terms.get(ad.id)!
    const defaultVariant = defaultVariantOf(ad.gameId)
    adTerms.offering = withDefaultVariant(adTerms.offering, defaultVariant)
    adTerms.requesting = withDefaultVariant(adTerms.requesting, defaultVariant)
  }
  return terms
}

/** A trader's lists by game. */
function listsByGame(rows: Awaited<ReturnType<typeof listRows>>): Map<GameId, Lists> {
  const byGame = new Map<GameId, { have: MatchSlot[]; want: MatchSlot[] }>()
  for (const row of rows) {
    const lists = byGame.get(row.gameId as GameId) ?? { have: [], want: [] }
    byGame.set(row.gameId as GameId, lists)
    lists[row.side].push({ itemId: row.itemId, variant: row.variant, quantity: row.quantity })
  }
  return byGame
}

/**
 * GET /api/me/matches: the open ads that match my lists (of the game, or of every game), best first
 * (compareMatches). Left out: my own ads, ads of traders I blocked or who blocked me, and ads nobody may
 * see (hidden by a moderator, of a suspended trader: `adShown`). Reads the newest open ads that offer an
 * item I want (TRADE_LIST_LIMITS.candidateAds) and answers the best TRADE_LIST_LIMITS.maxMatches.
 */
export async function findMatches(
  t: TradeListsDeps,
  userId: string,
  gameId?: GameId,
  limit: number = TRADE_LIST_LIMITS.maxMatches,
): Promise<TradeMatchesResponse> {
  const now = t.now()
  const lists = listsByGame(await listRows(t.db, userId, gameId ? [gameId] : undefined))
  const games = [...lists].filter(([, l]) => l.want.length > 0).map(([game]) => game)
  if (games.length === 0) return { matches: [], now: now.toISOString() }
  const wanted = sql`(select ${tradeListItems.gameId}, ${tradeListItems.itemId} from ${tradeListItems} where ${tradeListItems.userId} = ${userId} and ${tradeListItems.side} = 'want')`
  const candidates = await t.db
    .select()
    .from(tradeAds)
    .where(
      and(
        adOpenAt(now),
        adShown(),
        inArray(tradeAds.gameId, games),
        ne(tradeAds.userId, userId),
        notBlockedBetween(userId, tradeAds.userId),
        exists(
          sql`(select 1 from ${tradeAdItems} where ${tradeAdItems.adId} = ${tradeAds.id} and ${tradeAdItems.side} = 'offering' and (${tradeAdItems.gameId}, ${tradeAdItems.itemId}) in ${wanted})`,
        ),
      ),
    )
    .orderBy(desc(tradeAds.listedAt), desc(tradeAds.id))
    .limit(TRADE_LIST_LIMITS.candidateAds)
  const terms = await termsOf(t.db, candidates)
  const itemsByGame = new Map<GameId, Map<string, ItemSummary>>()
  for (const game of games) {
    const ids = candidates
      .filter((ad) => ad.gameId === game)
      .flatMap((ad) => [...terms.get(ad.id)!.offering, ...terms.get(ad.id)!.requesting].map((s) => s.itemId))
    itemsByGame.set(game, await findItems(catalogOf(t), game, [...new Set(ids)]))
  }
  const found = candidates.flatMap((row) => {
    const game = row.gameId as GameId
    const match = matchAd(lists.get(game)!, terms.get(row.id)!)
    if (!match) return []
    const items = itemsByGame.get(game)!
    const wfl = verdictFor(game, match, items)
    const rank = {
      verdict: wfl.verdict,
      percent: wfl.percent,
      wanted: match.wanted,
      had: match.had,
      listedAt: row.listedAt.getTime(),
      id: row.id,
    }
    return [{ row, match, wfl, items, rank }]
  })
  found.sort((a, b) => compareMatches(a.rank, b.rank))
  const best = found.slice(0, limit)
  const ads = await presentAds(
    t,
    best.map((m) => m.row),
    now,
  )
  const matches: TradeMatch[] = best.map((m, i) => ({
    ad: ads[i]!,
    give: presentSlots(m.match.give, m.items),
    get: presentSlots(m.match.get, m.items),
    wfl: m.wfl,
    any: m.match.any,
    wanted: m.match.wanted,
    had: m.match.had,
  }))
  return { matches, now: now.toISOString() }
}

// --- A new ad: tell the traders it matches --------------------------------------------------------

const names = (slots: readonly MatchSlot[], items: ReadonlyMap<string, ItemSummary>) =>
  slots
    .map((s) => `${items.get(s.itemId)?.name ?? s.itemId}${s.quantity > 1 ? ` ×${s.quantity}` : ''}`)
    .join(', ')

const VERDICT_WORDS = { win: 'a win for you', fair: 'a fair trade for you', loss: 'a loss for you' } as const

/** The words of a match notice: what the ad offers, what I would give, and my verdict. */
export function matchNoticeBody(
  gameId: GameId,
  match: { give: readonly MatchSlot[]; get: readonly MatchSlot[]; any: boolean },
  wfl: TradeWfl,
  items: ReadonlyMap<string, ItemSummary>,
): string {
  const gives = match.give.length > 0 ? names(match.give, items) : 'any offer'
  const verdict = wfl.verdict ? `: ${VERDICT_WORDS[wfl.verdict]}` : ''
  return `${GAME_NAMES[gameId]}: ${names(match.get, items)} for your ${gives}${verdict}.`
}

/**
 * The ad-posted hook, in the ad's transaction: each trader whose lists it matches (not its owner, not a
 * trader who blocked or was blocked by the owner) is told once per ad, in the app and by their alert
 * channels for trades (notifyTrader). The (trader, ad) row makes it once, however often this runs.
 */
export async function notifyMatches(
  deps: { db: DbOrTx; cache: ReadCache; publicUrl: string },
  ad: PostedAd,
): Promise<number> {
  const gameId = ad.gameId as GameId
  const offered = [...new Set(ad.offering.map((s) => s.itemId))]
  if (offered.length === 0) return 0
  const owner = ad.userId
  // Traders who want something it offers, in good standing (a suspended trader's lists are theirs alone).
  const people = await deps.db
    .selectDistinct({ userId: tradeListItems.userId })
    .from(tradeListItems)
    .where(
      and(
        eq(tradeListItems.gameId, gameId),
        eq(tradeListItems.side, 'want'),
        inArray(tradeListItems.itemId, offered),
        ne(tradeListItems.userId, owner),
        traderShown(tradeListItems.userId),
        notBlockedBetween(owner, tradeListItems.userId),
      ),
    )
  if (people.length === 0) return 0
  const ids = people.map((p) => p.userId)
  const rows = await deps.db
    .select({
      userId: tradeListItems.userId,
      gameId: tradeListItems.gameId,
      side: tradeListItems.side,
      itemId: tradeListItems.itemId,
      variant: tradeListItems.variant,
      quantity: tradeListItems.quantity,
    })
    .from(tradeListItems)
    .where(and(eq(tradeListItems.gameId, gameId), inArray(tradeListItems.userId, ids)))
  const defaultVariant = defaultVariantOf(gameId)
  const terms: AdTerms = {
    offering: withDefaultVariant(ad.offering, defaultVariant),
    requesting: withDefaultVariant(ad.requesting, defaultVariant),
    any: ad.tags.includes('any'),
  }
  // The catalog is read through the ad's transaction (its snapshot is in memory: the ad was just checked).
  const items = await findItems({ db: deps.db as Db, cache: deps.cache }, gameId, [
    ...new Set([...ad.offering, ...ad.requesting].map((s) => s.itemId)),
  ])
  let told = 0
  for (const userId of ids) {
    const mine = rows.filter((r) => r.userId === userId)
    const match = matchAd(listsByGame(mine).get(gameId) ?? { have: [], want: [] }, terms)
    if (!match) continue
    const [first] = await deps.db
      .insert(tradeMatchNotices)
      .values({ userId, adId: ad.id })
      .onConflictDoNothing()
      .returning({ userId: tradeMatchNotices.userId })
    if (!first) continue
    const wfl = verdictFor(gameId, match, items)
    await notifyTrader(
      deps.db,
      {
        userId,
        kind: 'trade-match',
        title: TRADE_LIST_MESSAGES.matchTitle,
        body: matchNoticeBody(gameId, match, wfl, items),
        link: adLink(ad.id),
        dedupeKey: `trade-match:${ad.id}`,
        gameId,
      },
      deps,
    )
    told++
  }
  return told
}
