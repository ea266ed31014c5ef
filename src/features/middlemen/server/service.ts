import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { profiles } from '@/features/accounts/server/public'
import {
  type CloseJobRequest,
  MIDDLEMAN_LIMITS,
  MIDDLEMAN_MESSAGES,
  type Middleman,
  type MiddlemanCheckResponse,
  type MiddlemanQueueResponse,
  type MiddlemanRequest,
  type OfferMiddlemanResponse,
  type RateJobRequest,
} from '@/features/middlemen/contract'
import { middlemanRatings, middlemanRequests, middlemen } from '@/features/middlemen/tables'
import { notifyUser } from '@/features/notifications/server/public'
import { MIDDLEMAN_ROLE } from '@/features/roles/rules'
import { userRoles } from '@/features/roles/server/public'
import {
  negotiationOf,
  offerForTrader,
  type TradingDeps,
  tradeAds,
  tradeOffers,
} from '@/features/trading/server/public'
import { robloxAccounts } from '@/features/verification/server/public'
import type { Db } from '@/platform/server/db/client'
import { type DbOrTx, recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { hitRateLimit, type Limit } from '@/platform/server/lib/rate-limit'
import { GAME_IDS, GAME_NAMES, type GameId } from '@/shared/games'
import { atWork } from './conversation'
import { middlemanByName } from './names'

const HOUR = 60 * 60

/** The written limits (tests override them by these names under 'middlemen'). */
export const MIDDLEMAN_RATE_LIMITS = {
  requestsPerHour: { max: MIDDLEMAN_LIMITS.requestsPerHour, windowSeconds: HOUR },
  writesPerHour: { max: MIDDLEMAN_LIMITS.writesPerHour, windowSeconds: HOUR },
} satisfies Record<string, Limit>

export interface MiddlemenDeps {
  db: Db
  now: () => Date
  limits: typeof MIDDLEMAN_RATE_LIMITS
}

export interface Actor {
  id: string
  email: string
  ip?: string | null
}

// --- The public list and the check ---------------------------------------------------------------

const jobsDone = sql<number>`(select count(*)::int from ${middlemanRequests} r
  where r.middleman_id = ${userRoles.userId} and r.status = 'done')`
const ratingAverage = sql<
  number | null
>`(select round(avg(mr.rating)::numeric, 1)::float8 from ${middlemanRatings} mr
  join ${middlemanRequests} r on r.id = mr.request_id where r.middleman_id = ${userRoles.userId})`
const ratingCount = sql<number>`(select count(*)::int from ${middlemanRatings} mr
  join ${middlemanRequests} r on r.id = mr.request_id where r.middleman_id = ${userRoles.userId})`

/** Every official middleman (the role, with a username), or those matching `where`, by username. */
async function middlemenWhere(db: Db, where?: SQL): Promise<Middleman[]> {
  const rows = await db
    .select({
      username: profiles.username,
      robloxName: robloxAccounts.name,
      robloxDisplayName: robloxAccounts.displayName,
      robloxAvatar: robloxAccounts.avatarUrl,
      games: middlemen.games,
      jobsDone,
      ratingAverage,
      ratingCount,
    })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.userId, userRoles.userId))
    .leftJoin(robloxAccounts, eq(robloxAccounts.userId, userRoles.userId))
    .leftJoin(middlemen, eq(middlemen.userId, userRoles.userId))
    // Official while at work: a suspended middleman is not one (atWork, conversation.ts).
    .where(
      and(
        eq(userRoles.role, MIDDLEMAN_ROLE),
        atWork(userRoles.userId),
        sql`${profiles.username} is not null`,
        where,
      ),
    )
    .orderBy(asc(profiles.username))
  return rows.map((r) => ({
    username: r.username!,
    roblox: r.robloxName
      ? { name: r.robloxName, displayName: r.robloxDisplayName!, avatarUrl: r.robloxAvatar }
      : null,
    games: r.games?.length ? GAME_IDS.filter((g) => r.games!.includes(g)) : [...GAME_IDS],
    jobsDone: r.jobsDone,
    rating: { average: r.ratingCount > 0 ? r.ratingAverage : null, count: r.ratingCount },
  }))
}

/** GET /api/middlemen: every official middleman. */
export const listMiddlemen = (db: Db) => middlemenWhere(db).then((list) => ({ middlemen: list }))

/**
 * GET /api/middlemen/check?name=: is this TradeHub username or Roblox name (any case) one of an official
 * middleman's own, and which? The answer names that middleman's account with both names and the avatar,
 * never another account's of the same name; a look-alike is not official and says whose name it copies.
 */
export async function checkMiddleman(db: Db, name: string): Promise<MiddlemanCheckResponse> {
  const found = middlemanByName(await middlemenWhere(db), name)
  if (!found) return { official: false }
  const { matched, middleman } = found
  return found.exact
    ? { official: true, matched, middleman }
    : { official: false, lookAlike: { matched, middleman } }
}

// --- Requests ------------------------------------------------------------------------------------

type RequestRow = typeof middlemanRequests.$inferSelect

/** The offer of a request or a trader's offer: its ad, its two traders. */
async function offerOf(db: DbOrTx, offerId: number) {
  const [row] = await db
    .select({ offer: tradeOffers, adId: tradeAds.id, gameId: tradeAds.gameId, ownerId: tradeAds.userId })
    .from(tradeOffers)
    .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
    .where(eq(tradeOffers.id, offerId))
  return row && { ...row, traders: [row.ownerId, row.offer.userId] }
}

type Person = { username: string; roblox: Middleman['roblox'] }

/** Usernames and verified Roblox accounts of these users (`deleted` for one who is gone). */
async function peopleOf(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .select({
      userId: profiles.userId,
      username: profiles.username,
      robloxName: robloxAccounts.name,
      robloxDisplayName: robloxAccounts.displayName,
      robloxAvatar: robloxAccounts.avatarUrl,
    })
    .from(profiles)
    .leftJoin(robloxAccounts, eq(robloxAccounts.userId, profiles.userId))
    .where(inArray(profiles.userId, wanted))
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        username: r.username ?? 'deleted',
        roblox: r.robloxName
          ? { name: r.robloxName, displayName: r.robloxDisplayName!, avatarUrl: r.robloxAvatar }
          : null,
      },
    ]),
  )
}
const nobody: Person = { username: 'deleted', roblox: null }

/** Requests as pages show them, with their offers' games and traders (two queries for any number). */
async function present(db: DbOrTx, rows: RequestRow[]): Promise<MiddlemanRequest[]> {
  if (rows.length === 0) return []
  const offers = await db
    .select({
      id: tradeOffers.id,
      offererId: tradeOffers.userId,
      adId: tradeAds.id,
      gameId: tradeAds.gameId,
      ownerId: tradeAds.userId,
    })
    .from(tradeOffers)
    .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
    .where(inArray(tradeOffers.id, [...new Set(rows.map((r) => r.offerId))]))
  const byId = new Map(offers.map((o) => [o.id, o]))
  const people = await peopleOf(db, [
    ...offers.flatMap((o) => [o.ownerId, o.offererId]),
    ...rows.map((r) => r.middlemanId),
  ])
  return rows.map((r) => {
    const offer = byId.get(r.offerId)!
    return {
      id: r.id,
      offerId: r.offerId,
      adId: offer.adId,
      game: offer.gameId as GameId,
      traders: [offer.ownerId, offer.offererId].map((id) => people.get(id) ?? nobody),
      status: r.status,
      middleman: r.middlemanId ? (people.get(r.middlemanId) ?? nobody).username : null,
      createdAt: r.createdAt.toISOString(),
      claimedAt: r.claimedAt?.toISOString() ?? null,
      closedAt: r.closedAt?.toISOString() ?? null,
      note: r.note,
    }
  })
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505'

const adLink = (adId: number, offerId: number) => `/trading/ad/${adId}?offer=${offerId}`

/**
 * POST /api/trade-offers/:id/middleman: one of the two traders of an accepted offer asks for an official
 * middleman. One open request per offer (409, held by a unique index even for two requests at once).
 */
export async function requestMiddleman(
  m: MiddlemenDeps,
  userId: string,
  offerId: number,
): Promise<MiddlemanRequest> {
  const { offer } = await offerForTrader(m.db, offerId, userId) // anyone else: 404
  if (offer.status !== 'accepted') throw new AppError('CONFLICT', MIDDLEMAN_MESSAGES.notAccepted)
  await hitRateLimit(
    m.db,
    `middlemen:requests:${userId}`,
    m.limits.requestsPerHour,
    MIDDLEMAN_MESSAGES.tooManyRequests,
  )
  try {
    const [row] = await m.db
      .insert(middlemanRequests)
      .values({ offerId, requestedBy: userId, createdAt: m.now() })
      .returning()
    const [presented] = await present(m.db, [row!])
    return presented!
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', MIDDLEMAN_MESSAGES.alreadyRequested)
    throw err
  }
}

/** GET /api/trade-offers/:id/middleman: the offer's latest request, for its traders. */
export async function offerMiddleman(
  db: Db,
  userId: string,
  offerId: number,
): Promise<OfferMiddlemanResponse> {
  await offerForTrader(db, offerId, userId)
  const [row] = await db
    .select()
    .from(middlemanRequests)
    .where(eq(middlemanRequests.offerId, offerId))
    .orderBy(desc(middlemanRequests.id))
    .limit(1)
  if (!row) return { request: null, rated: false }
  const [rating] = await db
    .select({ n: sql<number>`1` })
    .from(middlemanRatings)
    .where(and(eq(middlemanRatings.requestId, row.id), eq(middlemanRatings.authorId, userId)))
  const [request] = await present(db, [row])
  return { request: request!, rated: !!rating }
}

/** DELETE /api/trade-offers/:id/middleman: a trader withdraws the offer's request before a middleman takes it. */
export async function cancelRequest(m: MiddlemenDeps, userId: string, offerId: number): Promise<void> {
  await offerForTrader(m.db, offerId, userId)
  const cancelled = await m.db
    .update(middlemanRequests)
    .set({ status: 'cancelled', closedAt: m.now() })
    .where(and(eq(middlemanRequests.offerId, offerId), eq(middlemanRequests.status, 'open')))
    .returning({ id: middlemanRequests.id })
  if (cancelled.length === 0) throw new AppError('CONFLICT', MIDDLEMAN_MESSAGES.notOpen)
}

/** Requests with their trades' negotiations (the accepted terms last), for the middlemen's queue. */
async function withRounds(t: Pick<TradingDeps, 'db' | 'cache'>, requests: MiddlemanRequest[]) {
  return Promise.all(
    requests.map(async (request) => ({ ...request, rounds: await negotiationOf(t, request.offerId) })),
  )
}

/** GET /api/middleman/requests: the open queue (oldest first) and the middleman's own jobs (newest first). */
export async function middlemanQueue(
  t: Pick<TradingDeps, 'db' | 'cache'>,
  userId: string,
): Promise<MiddlemanQueueResponse> {
  const { db } = t
  const [open, mine] = await Promise.all([
    db
      .select()
      .from(middlemanRequests)
      .where(eq(middlemanRequests.status, 'open'))
      .orderBy(asc(middlemanRequests.createdAt))
      .limit(100),
    db
      .select()
      .from(middlemanRequests)
      .where(eq(middlemanRequests.middlemanId, userId))
      .orderBy(desc(middlemanRequests.claimedAt))
      .limit(100),
  ])
  const [requests, jobs] = await Promise.all([present(db, open), present(db, mine)])
  return { requests: await withRounds(t, requests), jobs: await withRounds(t, jobs) }
}

async function findRequest(db: DbOrTx, id: number): Promise<RequestRow> {
  const [row] = await db.select().from(middlemanRequests).where(eq(middlemanRequests.id, id))
  if (!row) throw new AppError('NOT_FOUND', MIDDLEMAN_MESSAGES.requestNotFound)
  return row
}

/** Both traders hear of the job (claimed, closed). */
async function notifyTraders(
  tx: DbOrTx,
  traders: string[],
  notice: { title: string; body: string; link: string; key: string },
) {
  for (const userId of traders)
    await notifyUser(tx, {
      userId,
      kind: 'middleman',
      title: notice.title,
      body: notice.body,
      link: notice.link,
      dedupeKey: notice.key,
    })
}

/**
 * POST /api/middleman/requests/:id/claim: a middleman with a verified Roblox account takes an open request.
 * The first claim wins: the update only happens while the request is open (409 after). Not of their own trade.
 */
export async function claimRequest(m: MiddlemenDeps, actor: Actor, id: number): Promise<MiddlemanRequest> {
  const [verified] = await m.db
    .select({ id: robloxAccounts.robloxId })
    .from(robloxAccounts)
    .where(eq(robloxAccounts.userId, actor.id))
  if (!verified) throw new AppError('FORBIDDEN', MIDDLEMAN_MESSAGES.robloxFirst)
  const request = await findRequest(m.db, id)
  const offer = (await offerOf(m.db, request.offerId))!
  if (offer.traders.includes(actor.id)) throw new AppError('FORBIDDEN', MIDDLEMAN_MESSAGES.ownTrade)
  await hitRateLimit(m.db, `middlemen:writes:${actor.id}`, m.limits.writesPerHour, MIDDLEMAN_MESSAGES.tooFast)
  const row = await m.db.transaction(async (tx) => {
    const now = m.now()
    const [claimed] = await tx
      .update(middlemanRequests)
      .set({ status: 'claimed', middlemanId: actor.id, claimedAt: now })
      .where(and(eq(middlemanRequests.id, id), eq(middlemanRequests.status, 'open')))
      .returning()
    if (!claimed)
      throw new AppError(
        'CONFLICT',
        request.status === 'open' || request.status === 'claimed'
          ? MIDDLEMAN_MESSAGES.alreadyClaimed
          : MIDDLEMAN_MESSAGES.notOpen,
      )
    const name = (await peopleOf(tx, [actor.id])).get(actor.id)?.username
    await notifyTraders(tx, offer.traders, {
      title: 'A TradeHub middleman joined your trade',
      body: `${name} is the official middleman of your ${GAME_NAMES[offer.gameId as GameId]} trade. Talk in the trade's conversation: they never ask for passwords or cookies.`,
      link: adLink(offer.adId, offer.offer.id),
      key: `middleman-claimed:${id}`,
    })
    await recordAudit(tx, {
      action: 'middleman.claim',
      actor,
      detail: { requestId: id, offerId: offer.offer.id },
      ip: actor.ip,
    })
    return claimed
  })
  const [presented] = await present(m.db, [row])
  return presented!
}

/** POST /api/middleman/requests/:id/close: the middleman who took the job closes it as done or failed. */
export async function closeJob(
  m: MiddlemenDeps,
  actor: Actor,
  id: number,
  input: CloseJobRequest,
): Promise<MiddlemanRequest> {
  const request = await findRequest(m.db, id)
  if (request.middlemanId !== actor.id) throw new AppError('FORBIDDEN', MIDDLEMAN_MESSAGES.notYourJob)
  await hitRateLimit(m.db, `middlemen:writes:${actor.id}`, m.limits.writesPerHour, MIDDLEMAN_MESSAGES.tooFast)
  const offer = (await offerOf(m.db, request.offerId))!
  const row = await m.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(middlemanRequests)
      .set({ status: input.outcome, closedAt: m.now(), note: input.note })
      .where(and(eq(middlemanRequests.id, id), eq(middlemanRequests.status, 'claimed')))
      .returning()
    if (!closed) throw new AppError('CONFLICT', MIDDLEMAN_MESSAGES.notClaimed)
    await notifyTraders(tx, offer.traders, {
      title:
        input.outcome === 'done'
          ? 'The middleman completed your trade'
          : 'The middleman closed your trade as failed',
      body: `Their note: ${input.note.length > 140 ? `${input.note.slice(0, 139)}…` : input.note} You can rate the job on the trade.`,
      link: adLink(offer.adId, offer.offer.id),
      key: `middleman-closed:${id}`,
    })
    await recordAudit(tx, {
      action: 'middleman.close',
      actor,
      detail: { requestId: id, outcome: input.outcome },
      ip: actor.ip,
    })
    return closed
  })
  const [presented] = await present(m.db, [row])
  return presented!
}

/**
 * A middleman lost the role or was suspended (the roles' and the admins' hooks): each job they were
 * working (claimed, not closed) goes back to the queue, where it waited, as a new open request (their
 * claim is kept, cancelled, for the record), and both traders are told. Their access to those trades
 * has already ended (`atWork`, conversation.ts).
 */
export async function releaseJobs(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const released = await tx
      .update(middlemanRequests)
      .set({ status: 'cancelled', closedAt: sql`now()` })
      .where(and(eq(middlemanRequests.middlemanId, userId), eq(middlemanRequests.status, 'claimed')))
      .returning()
    if (released.length === 0) return
    await tx.insert(middlemanRequests).values(
      released.map((job) => ({
        offerId: job.offerId,
        requestedBy: job.requestedBy,
        createdAt: job.createdAt,
      })),
    )
    const name = (await peopleOf(tx, [userId])).get(userId)?.username
    for (const job of released) {
      const offer = (await offerOf(tx, job.offerId))!
      await notifyTraders(tx, offer.traders, {
        title: 'Your middleman left the trade',
        body: `${name ?? 'Your middleman'} is no longer an official TradeHub middleman, so they left your ${GAME_NAMES[offer.gameId as GameId]} trade. Do not give them any items: your request is back in the queue for another middleman.`,
        link: adLink(offer.adId, offer.offer.id),
        key: `middleman-released:${job.id}`,
      })
    }
  })
}

/** POST /api/middleman/requests/:id/rating: each trader of a closed job rates it once. */
export async function rateJob(
  m: MiddlemenDeps,
  userId: string,
  id: number,
  input: RateJobRequest,
): Promise<void> {
  const request = await findRequest(m.db, id)
  const offer = (await offerOf(m.db, request.offerId))!
  if (!offer.traders.includes(userId)) throw new AppError('NOT_FOUND', MIDDLEMAN_MESSAGES.requestNotFound)
  if (request.status !== 'done' && request.status !== 'failed')
    throw new AppError('CONFLICT', MIDDLEMAN_MESSAGES.notClosed)
  await hitRateLimit(m.db, `middlemen:writes:${userId}`, m.limits.writesPerHour, MIDDLEMAN_MESSAGES.tooFast)
  const inserted = await m.db
    .insert(middlemanRatings)
    .values({
      requestId: id,
      authorId: userId,
      rating: input.rating,
      comment: input.comment ?? '',
      createdAt: m.now(),
    })
    .onConflictDoNothing()
    .returning({ id: middlemanRatings.requestId })
  if (inserted.length === 0) throw new AppError('CONFLICT', MIDDLEMAN_MESSAGES.alreadyRated)
}

/** PUT /api/middleman/profile: the games a middleman works (none: every game). */
export async function setMiddlemanGames(m: MiddlemenDeps, userId: string, games: GameId[]): Promise<void> {
  await hitRateLimit(m.db, `middlemen:writes:${userId}`, m.limits.writesPerHour, MIDDLEMAN_MESSAGES.tooFast)
  const unique = GAME_IDS.filter((g) => games.includes(g))
  await m.db
    .insert(middlemen)
    .values({ userId, games: unique, updatedAt: m.now() })
    .onConflictDoUpdate({ target: middlemen.userId, set: { games: unique, updatedAt: m.now() } })
}
