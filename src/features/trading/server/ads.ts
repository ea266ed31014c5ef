import { and, asc, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm'
import { profiles } from '@/features/accounts/server/public'
import { notifyTrader } from '@/features/alerts/server/public'
import {
  effectiveAdStatus,
  TRADING_LIMITS,
  TRADING_MESSAGES,
  type TradeAd,
  type TradeAdInput,
  type TradeAdResponse,
  type TradeAdsQuery,
  type TradeAdsResponse,
} from '@/features/trading/contract'
import { tradeAdItems, tradeAds, tradeOffers } from '@/features/trading/tables'
import { robloxAccounts } from '@/features/verification/server/public'
import { callHook } from '@/platform/server/hooks'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { hitRateLimit, refundRateLimit } from '@/platform/server/lib/rate-limit'
import type { CachedJson } from '@/platform/server/lib/read-cache'
import { GAME_NAMES, type GameId } from '@/shared/games'
import { adOpenAt, adPastItsEndAt } from './ad-status'
import { invalidateTrading, lockTrader, requireTrader, TRADING_CACHE_PREFIX, type TradingDeps } from './deps'
import { adPosted } from './hooks'
import { type AdRow, presentAds } from './present'
import { checkSides, type Sides, signatureOf, toStored } from './slots'
import { adShown } from './standing'

const HOUR_MS = 60 * 60 * 1000
/** A cached list is rebuilt at least this often (new ages, counts of ads that ended elsewhere). */
const LIST_FRESH_MS = 60_000

/** The page of an ad. */
export const adLink = (adId: number) => `/trading/ad/${adId}`

/** Open at `now`: listed and not past its end (whether or not the worker has marked it yet). */

/** Writes an ad's slots (both sides) in the caller's transaction. */
async function insertSlots(tx: DbOrTx, adId: number, gameId: GameId, sides: Sides) {
  const rows = (['offering', 'requesting'] as const).flatMap((side) =>
    sides[side].map((slot, position) => ({ adId, side, position, gameId, ...slot })),
  )
  if (rows.length > 0) await tx.insert(tradeAdItems).values(rows)
}

/**
 * Under the trader's lock: 429 at the cap of open ads in the game (Retry-After: until the first of them
 * ends), 409 when an open ad of theirs has the same items and tags.
 */
async function checkOpenAds(tx: DbOrTx, userId: string, gameId: string, signature: string, now: Date) {
  const open = await tx
    .select({ signature: tradeAds.signature, expiresAt: tradeAds.expiresAt })
    .from(tradeAds)
    .where(and(eq(tradeAds.userId, userId), eq(tradeAds.gameId, gameId), adOpenAt(now)))
    .orderBy(asc(tradeAds.expiresAt))
  if (open.some((ad) => ad.signature === signature))
    throw new AppError('CONFLICT', TRADING_MESSAGES.duplicateAd)
  if (open.length >= TRADING_LIMITS.openAdsPerGame) {
    const freeAt = open[0]!.expiresAt.getTime()
    throw new AppError('RATE_LIMITED', TRADING_MESSAGES.tooManyOpenAds, {
      retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
    })
  }
}

/** Counts a new listing against the trader's day; given back when the listing is refused after all. */
async function withDailyListing<T>(t: TradingDeps, userId: string, list: () => Promise<T>): Promise<T> {
  const key = `trading:ads:${userId}`
  await hitRateLimit(t.db, key, t.limits.adsPerDay, TRADING_MESSAGES.adsPerDay)
  try {
    return await list()
  } catch (error) {
    await refundRateLimit(t.db, key)
    throw error
  }
}

/**
 * A trader posts an ad: items of the game (not retired, on either side), at most 10 open ads per game
 * (429), not the same open ad twice (409), 20 listings a day (429). Returns its id.
 */
export async function createAd(t: TradingDeps, userId: string, input: TradeAdInput): Promise<number> {
  await requireTrader(t.db, userId)
  const sides: Sides = { offering: toStored(input.offering), requesting: toStored(input.requesting) }
  await checkSides(t, input.game, sides)
  const signature = signatureOf(sides, input.tags)
  const id = await withDailyListing(t, userId, () =>
    t.db.transaction(async (tx) => {
      const now = t.now()
      await lockTrader(tx, userId)
      await checkOpenAds(tx, userId, input.game, signature, now)
      const [row] = await tx
        .insert(tradeAds)
        .values({
          userId,
          gameId: input.game,
          tags: input.tags,
          note: input.note,
          hours: input.hours,
          signature,
          createdAt: now,
          listedAt: now,
          expiresAt: new Date(now.getTime() + input.hours * HOUR_MS),
        })
        .returning({ id: tradeAds.id })
      await insertSlots(tx, row!.id, input.game, sides)
      // Features above take part in the same transaction (trade lists tell the traders it matches).
      await callHook(
        adPosted,
        { db: tx, cache: t.cache, publicUrl: t.publicUrl },
        { id: row!.id, userId, gameId: input.game, ...sides, tags: input.tags },
      )
      await invalidateTrading(t, tx)
      return row!.id
    }),
  )
  return id
}

/** The ad's row, 404 when there is none. `lock`: FOR UPDATE in the caller's transaction. */
export async function findAdRow(tx: DbOrTx, adId: number, lock = false): Promise<AdRow> {
  const query = tx.select().from(tradeAds).where(eq(tradeAds.id, adId))
  const [row] = await (lock ? query.for('update') : query)
  if (!row) throw new AppError('NOT_FOUND', TRADING_MESSAGES.adNotFound)
  return row
}

/**
 * A cached public answer that holds until `validUntil` on the server's clock (an ad on it ends) as well
 * as until any change of the marketplace (invalidateTrading, on every instance).
 */
async function cachedAnswer(
  t: TradingDeps,
  key: string,
  load: () => Promise<{ data: unknown; validUntil: number }>,
): Promise<CachedJson> {
  for (let attempt = 0; ; attempt++) {
    let validUntil = 0
    const cached = await t.cache.json(key, async () => {
      const built = await load()
      validUntil = built.validUntil
      return built.data
    })
    if (validUntil > 0) {
      const held = cached.current
      cached.current = () => (held?.() ?? true) && t.now().getTime() < validUntil
    }
    // An answer that ended while it was kept is built again (once: a new one holds for a while).
    if (attempt > 0 || cached.current?.() !== false) return cached
    t.cache.invalidateLocal(key)
  }
}

function listWhere(query: TradeAdsQuery, now: Date): SQL | undefined {
  const hasSlot = (side: 'offering' | 'requesting', itemId: string) =>
    sql`exists (select 1 from ${tradeAdItems} where ${tradeAdItems.adId} = ${tradeAds.id} and ${tradeAdItems.gameId} = ${tradeAds.gameId} and ${tradeAdItems.side} = ${side} and ${tradeAdItems.itemId} = ${itemId})`
  return and(
    adOpenAt(now),
    query.game ? eq(tradeAds.gameId, query.game) : undefined,
    query.has ? hasSlot('offering', query.has) : undefined,
    query.wants ? hasSlot('requesting', query.wants) : undefined,
    query.tag ? sql`${tradeAds.tags} @> array[${query.tag}]::text[]` : undefined,
    query.user
      ? inArray(
          tradeAds.userId,
          sql`(select ${profiles.userId} from ${profiles} where ${profiles.username} = ${query.user})`,
        )
      : undefined,
    // Trust: an ad a moderator hid, or of a suspended trader, is in no list; "verified only" keeps
    // traders with a verified Roblox account.
    adShown(),
    query.verified
      ? sql`exists (select 1 from ${robloxAccounts} where ${robloxAccounts.userId} = ${tradeAds.userId})`
      : undefined,
  )
}

/** How many open ads the list has for `query` (its page ignored): a trader's open ads on their profile. */
export async function countAds(
  t: Pick<TradingDeps, 'db' | 'now'>,
  query: Omit<TradeAdsQuery, 'page'>,
  now = t.now(),
): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(tradeAds)
    .where(listWhere({ ...query, page: 1 }, now))
  return row?.n ?? 0
}

/** One page of open ads, newest listed first (uncached). */
export async function listAds(
  t: TradingDeps,
  query: TradeAdsQuery,
  now = t.now(),
): Promise<TradeAdsResponse> {
  const where = listWhere(query, now)
  const size = TRADING_LIMITS.pageSize
  const [rows, n] = await Promise.all([
    t.db
      .select()
      .from(tradeAds)
      .where(where)
      .orderBy(desc(tradeAds.listedAt), desc(tradeAds.id))
      .limit(size)
      .offset((query.page - 1) * size),
    countAds(t, query, now),
  ])
  return {
    ads: await presentAds(t, rows, now),
    page: query.page,
    pageSize: size,
    pageCount: Math.max(1, Math.ceil(n / size)),
    total: n,
    now: now.toISOString(),
  }
}

/** GET /api/trade-ads: the page, cached per address until a change or until an ad on it ends. */
export function cachedAdList(t: TradingDeps, query: TradeAdsQuery): Promise<CachedJson> {
  const key = `${TRADING_CACHE_PREFIX}list:${query.game ?? ''}|${query.has ?? ''}|${query.wants ?? ''}|${query.tag ?? ''}|${query.user ?? ''}|${query.verified ? 'v' : ''}|${query.page}|`
  return cachedAnswer(t, key, async () => {
    const now = t.now()
    const page = await listAds(t, query, now)
    const ends = page.ads.map((ad) => Date.parse(ad.expiresAt))
    return { data: page, validUntil: Math.min(now.getTime() + LIST_FRESH_MS, ...ends) }
  })
}

/**
 * GET /api/trade-ads/:id (and the ad's page): the ad whatever its status, cached like the list; 404 when
 * there is none, a moderator hid it or its owner is suspended (`adShown`).
 */
export function cachedAd(t: TradingDeps, adId: number): Promise<CachedJson> {
  return cachedAnswer(t, `${TRADING_CACHE_PREFIX}ad:${adId}|`, async () => {
    const now = t.now()
    const [row] = await t.db
      .select()
      .from(tradeAds)
      .where(and(eq(tradeAds.id, adId), adShown()))
    if (!row) throw new AppError('NOT_FOUND', TRADING_MESSAGES.adNotFound)
    const [ad] = await presentAds(t, [row], now)
    const ends = ad!.status === 'open' ? row.expiresAt.getTime() : Number.POSITIVE_INFINITY
    return {
      data: { ad: ad!, now: now.toISOString() } satisfies TradeAdResponse,
      validUntil: Math.min(now.getTime() + LIST_FRESH_MS, ends),
    }
  })
}

async function presentAd(t: TradingDeps, adId: number): Promise<TradeAd> {
  const [ad] = await presentAds(t, [await findAdRow(t.db, adId)], t.now())
  return ad!
}

/** 403 unless `userId` owns the ad. */
function assertOwner(row: AdRow, userId: string) {
  if (row.userId !== userId) throw new AppError('FORBIDDEN', TRADING_MESSAGES.notOwner)
}

/** Declines every pending offer of an ad (it closed or traded) and tells each offerer, in `tx`. */
export async function declinePendingOffers(
  t: Pick<TradingDeps, 'publicUrl'>,
  tx: DbOrTx,
  ad: AdRow,
  now: Date,
  reason: { title: string; body: string },
): Promise<void> {
  const declined = await tx
    .update(tradeOffers)
    .set({ status: 'declined', decidedAt: now })
    .where(and(eq(tradeOffers.adId, ad.id), eq(tradeOffers.status, 'pending')))
    .returning({ id: tradeOffers.id, userId: tradeOffers.userId })
  for (const offer of declined)
    await notifyTrader(
      tx,
      {
        userId: offer.userId,
        kind: 'trade-declined',
        title: reason.title,
        body: reason.body,
        link: adLink(ad.id),
        dedupeKey: `trade-declined:${offer.id}`,
        gameId: ad.gameId,
      },
      t,
    )
}

/** DELETE /api/trade-ads/:id: the owner closes an open (or expired) ad; its pending offers are declined. */
export async function closeAd(t: TradingDeps, userId: string, adId: number): Promise<TradeAd> {
  await requireTrader(t.db, userId)
  await t.db.transaction(async (tx) => {
    const now = t.now()
    const ad = await findAdRow(tx, adId, true)
    assertOwner(ad, userId)
    if (ad.status !== 'open' && ad.status !== 'expired')
      throw new AppError('CONFLICT', TRADING_MESSAGES.adAlreadyClosed)
    await tx.update(tradeAds).set({ status: 'closed', closedAt: now }).where(eq(tradeAds.id, adId))
    await declinePendingOffers(t, tx, ad, now, {
      title: 'An ad you made an offer on was closed',
      body: `The ${GAME_NAMES[ad.gameId as GameId]} ad was taken down by its owner.`,
    })
    await invalidateTrading(t, tx)
  })
  return presentAd(t, adId)
}

/**
 * POST /api/trade-ads/:id/relist: the owner lists an expired or closed ad again for its lifetime, under
 * the same caps as a new ad (open ads, duplicates, listings a day).
 */
export async function relistAd(t: TradingDeps, userId: string, adId: number): Promise<TradeAd> {
  await requireTrader(t.db, userId)
  const ad = await findAdRow(t.db, adId)
  assertOwner(ad, userId)
  const relistable = (row: AdRow, now: Date) =>
    !row.hiddenAt && ['expired', 'closed'].includes(effectiveAdStatus(row.status, row.expiresAt, now))
  if (!relistable(ad, t.now())) throw new AppError('CONFLICT', TRADING_MESSAGES.adNotRelistable)
  await withDailyListing(t, userId, () =>
    t.db.transaction(async (tx) => {
      const now = t.now()
      await lockTrader(tx, userId)
      const row = await findAdRow(tx, adId, true)
      if (!relistable(row, now)) throw new AppError('CONFLICT', TRADING_MESSAGES.adNotRelistable)
      await checkOpenAds(tx, userId, row.gameId, row.signature, now)
      await tx
        .update(tradeAds)
        .set({
          status: 'open',
          listedAt: now,
          expiresAt: new Date(now.getTime() + row.hours * HOUR_MS),
          closedAt: null,
          expiringNoticeAt: null,
        })
        .where(eq(tradeAds.id, adId))
      await invalidateTrading(t, tx)
    }),
  )
  return presentAd(t, adId)
}

/** The trader's ads of every status, newest first (my trades). */
export async function myAds(t: TradingDeps, userId: string): Promise<TradeAd[]> {
  const rows = await t.db
    .select()
    .from(tradeAds)
    .where(eq(tradeAds.userId, userId))
    .orderBy(desc(tradeAds.listedAt), desc(tradeAds.id))
    .limit(TRADING_LIMITS.mineMax)
  return presentAds(t, rows, t.now())
}

/**
 * The worker's round, at `now`: tells owners whose ad ends within the hour (once per listing; one
 * instance takes each ad, SKIP LOCKED), and marks ads past their end expired. Returns what it did.
 */
export async function sweepAds(
  t: Pick<TradingDeps, 'db' | 'cache' | 'publicUrl'>,
  now: Date,
): Promise<{ noticed: number; expired: number }> {
  const soon = new Date(now.getTime() + TRADING_LIMITS.expiringNoticeMinutes * 60_000)
  const noticed = await t.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(tradeAds)
      .where(and(adOpenAt(now), lte(tradeAds.expiresAt, soon), sql`${tradeAds.expiringNoticeAt} is null`))
      .limit(100)
      .for('update', { skipLocked: true })
    for (const ad of due) {
      const minutes = Math.max(1, Math.round((ad.expiresAt.getTime() - now.getTime()) / 60_000))
      await notifyTrader(
        tx,
        {
          userId: ad.userId,
          kind: 'trade-expiring',
          title: 'Your trade ad ends soon',
          body: `Your ${GAME_NAMES[ad.gameId as GameId]} ad ends in ${minutes} minutes. Relist it once it ends to keep it up.`,
          link: adLink(ad.id),
          dedupeKey: `trade-expiring:${ad.id}:${ad.listedAt.getTime()}`,
          gameId: ad.gameId,
        },
        t,
      )
    }
    if (due.length > 0) {
      await tx
        .update(tradeAds)
        .set({ expiringNoticeAt: now })
        .where(
          inArray(
            tradeAds.id,
            due.map((ad) => ad.id),
          ),
        )
      await invalidateTrading(t, tx)
    }
    return due.length
  })
  // A transaction of its own (the notices' locks are not held for it), for the word to go with its commit.
  const expired = await t.db.transaction(async (tx) => {
    const rows = await tx
      .update(tradeAds)
      .set({ status: 'expired', closedAt: tradeAds.expiresAt })
      .where(adPastItsEndAt(now))
      .returning({ id: tradeAds.id })
    if (rows.length > 0) await invalidateTrading(t, tx)
    return rows.length
  })
  return { noticed, expired }
}
