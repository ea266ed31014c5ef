import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { profiles } from '@/features/accounts/server/public'
import { afterSuspension, suspendWithin } from '@/features/admin/server/public'
import {
  DISPUTE_REASON_LABELS,
  type Dispute,
  type DisputeMessage,
  type DisputeQueueResponse,
  type DisputeRole,
  type DisputeSummary,
  DISPUTE_LIMITS as L,
  DISPUTE_MESSAGES as M,
  type MyDisputesResponse,
  type OpenDisputeRequest,
  type ResolveDisputeRequest,
} from '@/features/disputes/contract'
import { disputeRoleOf, type Reader } from '@/features/disputes/policy'
import { canDispute } from '@/features/disputes/rules'
import { disputeEvidence, disputeMessages, disputes } from '@/features/disputes/tables'
import { middlemanRequests, tradeMiddleman } from '@/features/middlemen/server/public'
import { notifyUser } from '@/features/notifications/server/public'
import { type CaseFacts, decisionRefusal } from '@/features/roles/policy'
import { staffAmong } from '@/features/roles/server/public'
import { offerForTrader, otherTraderOf, tradeOffers } from '@/features/trading/server/public'
import type { Actor } from '@/platform/server/auth/session'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import { type DbOrTx, recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { hitRateLimit, type Limit } from '@/platform/server/lib/rate-limit'
import type { ReadCache } from '@/platform/server/lib/read-cache'

/** The written limits (tests override them by these names under 'disputes'). */
export const DISPUTE_RATE_LIMITS = {
  opensPerHour: { max: L.opensPerHour, windowSeconds: 60 * 60 },
  messagesPerHour: { max: L.messagesPerHour, windowSeconds: 60 * 60 },
  evidencePerHour: { max: L.evidencePerHour, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>

export interface DisputeDeps {
  env: Env
  db: Db
  /** The read cache (a suspension on an upheld dispute hides the trader's ads). */
  cache: ReadCache
  now: () => Date
  limits: typeof DISPUTE_RATE_LIMITS
}

/** Who reads: the user and whether they moderate (moderators and admins). */
export type { Reader } from '../policy'

type Row = typeof disputes.$inferSelect

const opener = alias(profiles, 'opener_profile')
const respondent = alias(profiles, 'respondent_profile')

const summaryColumns = {
  dispute: disputes,
  adId: tradeOffers.adId,
  opener: opener.username,
  respondent: respondent.username,
}

function summaryQuery(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(disputes)
    .innerJoin(tradeOffers, eq(tradeOffers.id, disputes.offerId))
    .leftJoin(opener, eq(opener.userId, disputes.openerId))
    .leftJoin(respondent, eq(respondent.userId, disputes.respondentId))
}

type SummaryRow = { dispute: Row; adId: number; opener: string | null; respondent: string | null }

/** Whether the reader may decide a dispute, as its answers carry it. */
type Decision = Pick<DisputeSummary, 'mayDecide' | 'decideRefusal'>

/** A reader who decides nothing (a trader, or anyone reading their own list). */
const NO_DECISION: Decision = { mayDecide: false, decideRefusal: null }

/** A moderator or an admin reading a dispute: they decide, unless the rule says otherwise. */
export interface DisputeReader extends Reader {
  isAdmin: boolean
}

/**
 * The facts the deciding rule reads of each dispute (by id): its parties (the two traders and whoever
 * took the trade's middleman request) and whether the respondent, on whom an upheld decision falls, is
 * staff.
 */
async function casesOf(env: Env, db: DbOrTx, rows: readonly Row[]): Promise<Map<number, CaseFacts>> {
  if (rows.length === 0) return new Map()
  const [middlemen, staff] = await Promise.all([
    db
      .selectDistinct({ offerId: middlemanRequests.offerId, id: middlemanRequests.middlemanId })
      .from(middlemanRequests)
      .where(
        and(
          inArray(
            middlemanRequests.offerId,
            rows.map((r) => r.offerId),
          ),
          isNotNull(middlemanRequests.middlemanId),
        ),
      ),
    staffAmong(
      env,
      db,
      rows.map((r) => r.respondentId),
    ),
  ])
  return new Map(
    rows.map((r) => [
      r.id,
      {
        people: [
          r.openerId,
          r.respondentId,
          ...middlemen.filter((m) => m.offerId === r.offerId).map((m) => m.id),
        ],
        targetIsStaff: staff.has(r.respondentId),
      },
    ]),
  )
}

/** What the rule says of this reader and this dispute (a reader who does not moderate decides nothing). */
function decisionOf(reader: DisputeReader | null, facts: CaseFacts | undefined): Decision {
  if (!reader?.isModerator || !facts) return NO_DECISION
  const refusal = decisionRefusal(reader, facts)
  return { mayDecide: refusal === null, decideRefusal: refusal }
}

const summaryOf = (r: SummaryRow, decision: Decision): DisputeSummary => ({
  id: r.dispute.id,
  offerId: r.dispute.offerId,
  adId: r.adId,
  reason: r.dispute.reason,
  status: r.dispute.status,
  opener: { username: r.opener },
  respondent: { username: r.respondent },
  createdAt: r.dispute.createdAt.toISOString(),
  resolvedAt: r.dispute.resolvedAt?.toISOString() ?? null,
  ...decision,
})

/**
 * The middleman who took the trade's request (claimed, done or failed), or null: middlemen decide who is
 * one (`tradeMiddleman`), so a middleman who lost the role or is suspended reads the dispute no more.
 */
async function middlemanOf(db: DbOrTx, offerId: number): Promise<string | null> {
  return (await tradeMiddleman(db, offerId))?.id ?? null
}

/** Everyone who ever took the trade's request: their messages are a middleman's, whether or not they still are one. */
async function pastMiddlemenOf(db: DbOrTx, offerId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: middlemanRequests.middlemanId })
    .from(middlemanRequests)
    .where(and(eq(middlemanRequests.offerId, offerId), isNotNull(middlemanRequests.middlemanId)))
  return new Set(rows.flatMap((r) => (r.id ? [r.id] : [])))
}

/** The dispute and the reader's part in it; 404 for anyone else (the dispute is not revealed). */
export async function readable(db: DbOrTx, id: number, reader: Reader) {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id))
  if (!row) throw new AppError('NOT_FOUND', M.notFound)
  const middlemanId = await middlemanOf(db, row.offerId)
  const role = disputeRoleOf({ ...row, middlemanId }, reader)
  if (!role) throw new AppError('NOT_FOUND', M.notFound)
  return { row, role, middlemanId }
}

const disputeLink = (id: number) => `/dispute-center/${id}`

/**
 * POST /api/trade-offers/:id/dispute: one of the two traders of a trade that was accepted disputes it,
 * within 14 days of its acceptance (or its completion or cancellation). Anyone else 404; another state or too late 409;
 * a second open dispute of the trade 409 (the partial unique index decides between two at once).
 */
export async function openDispute(
  d: DisputeDeps,
  userId: string,
  offerId: number,
  input: OpenDisputeRequest,
): Promise<number> {
  await hitRateLimit(d.db, `disputes:open:${userId}`, d.limits.opensPerHour, M.tooFast)
  const trade = await offerForTrader(d.db, offerId, userId) // anyone else: 404
  const { offer } = trade
  const respondentId = otherTraderOf(trade)
  if (!offer.acceptedAt) throw new AppError('CONFLICT', M.notDisputable)
  const iso = (at: Date | null) => at?.toISOString() ?? null
  const dates = { decidedAt: iso(offer.decidedAt), completedAt: iso(offer.completedAt) }
  // The window is the one rule the offer's page shows the link by (canDispute, rules.ts).
  if (!canDispute({ acceptedAt: iso(offer.acceptedAt), ...dates }, d.now().getTime()))
    throw new AppError('CONFLICT', M.tooLate)
  return d.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(disputes)
      .values({
        offerId,
        openerId: userId,
        respondentId,
        reason: input.reason,
        details: input.details,
        createdAt: d.now(),
      })
      .onConflictDoNothing()
      .returning({ id: disputes.id })
    if (!row) throw new AppError('CONFLICT', M.alreadyOpen)
    await notifyUser(tx, {
      userId: respondentId,
      kind: 'dispute',
      title: 'A trade of yours is disputed',
      body: `${DISPUTE_REASON_LABELS[input.reason]}: answer in the dispute center before a moderator decides.`,
      link: disputeLink(row.id),
      dedupeKey: `dispute-opened:${row.id}`,
    })
    return row.id
  })
}

/** GET /api/disputes: the trader's disputes, opened by them or against them, newest first. */
export async function myDisputes(db: Db, userId: string): Promise<MyDisputesResponse> {
  const rows = await summaryQuery(db)
    .where(or(eq(disputes.openerId, userId), eq(disputes.respondentId, userId)))
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(100)
  return { disputes: rows.map((r) => summaryOf(r, NO_DECISION)) }
}

/**
 * GET /api/admin/disputes: open disputes oldest first, then decided ones newest first, each saying
 * whether this reader may decide it.
 */
export async function disputeQueue(
  { env, db }: Pick<DisputeDeps, 'env' | 'db'>,
  reader: DisputeReader,
  page: number,
): Promise<DisputeQueueResponse> {
  const size = L.queuePageSize
  const [rows, [total], [open]] = await Promise.all([
    summaryQuery(db)
      .orderBy(
        sql`case when ${disputes.status} = 'open' then 0 else 1 end`,
        sql`case when ${disputes.status} = 'open' then ${disputes.createdAt} end asc`,
        desc(disputes.resolvedAt),
        asc(disputes.id),
      )
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(disputes),
    db.select({ n: count() }).from(disputes).where(eq(disputes.status, 'open')),
  ])
  const cases = await casesOf(
    env,
    db,
    rows.map((r) => r.dispute),
  )
  return {
    disputes: rows.map((r) => summaryOf(r, decisionOf(reader, cases.get(r.dispute.id)))),
    page,
    pageCount: Math.max(1, Math.ceil((total?.n ?? 0) / size)),
    open: open?.n ?? 0,
  }
}

/**
 * GET /api/disputes/:id: the dispute with its evidence and messages, for those who may read it, and
 * whether this reader may decide it.
 */
export async function getDispute(
  { env, db }: Pick<DisputeDeps, 'env' | 'db'>,
  id: number,
  reader: DisputeReader,
): Promise<Dispute> {
  const { row, role, middlemanId } = await readable(db, id, reader)
  const [[summary], evidence, messages, [middleman], pastMiddlemen, cases] = await Promise.all([
    summaryQuery(db).where(eq(disputes.id, id)),
    db
      .select({ evidence: disputeEvidence, by: profiles.username })
      .from(disputeEvidence)
      .leftJoin(profiles, eq(profiles.userId, disputeEvidence.userId))
      .where(eq(disputeEvidence.disputeId, id))
      .orderBy(asc(disputeEvidence.id)),
    db
      .select({ message: disputeMessages, author: profiles.username })
      .from(disputeMessages)
      .leftJoin(profiles, eq(profiles.userId, disputeMessages.userId))
      .where(eq(disputeMessages.disputeId, id))
      .orderBy(asc(disputeMessages.id)),
    middlemanId
      ? db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, middlemanId))
      : [],
    pastMiddlemenOf(db, row.offerId),
    casesOf(env, db, [row]),
  ])
  const partOf = (userId: string | null): DisputeRole | null =>
    !userId
      ? null
      : userId === row.openerId
        ? 'opener'
        : userId === row.respondentId
          ? 'respondent'
          : userId === middlemanId || pastMiddlemen.has(userId)
            ? 'middleman'
            : 'moderator'
  return {
    ...summaryOf(summary!, decisionOf(reader, cases.get(id))),
    details: row.details,
    middleman: middlemanId ? { username: middleman?.username ?? null } : null,
    evidence: evidence.map((e) => ({
      id: e.evidence.id,
      url: `/api/disputes/${id}/evidence/${e.evidence.id}`,
      width: e.evidence.width,
      height: e.evidence.height,
      by: e.by,
    })),
    messages: messages.map((m) => ({
      id: m.message.id,
      author: m.author,
      role: partOf(m.message.userId),
      body: m.message.body,
      createdAt: m.message.createdAt.toISOString(),
    })),
    resolution:
      row.status !== 'open' && row.resolvedAt
        ? { note: row.resolutionNote ?? '', at: row.resolvedAt.toISOString() }
        : null,
    role,
  }
}

/**
 * POST /api/disputes/:id/messages: the two traders, the trade's middleman and moderators write while the
 * dispute is open (decided 409). The traders hear of it (not the writer).
 */
export async function postMessage(
  d: DisputeDeps,
  reader: Reader,
  id: number,
  body: string,
): Promise<DisputeMessage> {
  const { row, role } = await readable(d.db, id, reader)
  if (row.status !== 'open') throw new AppError('CONFLICT', M.closed)
  await hitRateLimit(d.db, `disputes:messages:${reader.id}`, d.limits.messagesPerHour, M.tooFast)
  return d.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(disputeMessages)
      .values({ disputeId: id, userId: reader.id, body, createdAt: d.now() })
      .returning()
    const [author] = await tx
      .select({ username: profiles.username })
      .from(profiles)
      .where(eq(profiles.userId, reader.id))
    for (const userId of [row.openerId, row.respondentId].filter((u) => u !== reader.id))
      await notifyUser(tx, {
        userId,
        kind: 'dispute',
        title: 'A new message in your dispute',
        body: `${author?.username ?? 'Someone'} wrote in dispute #${id}.`,
        link: disputeLink(id),
        dedupeKey: `dispute-message:${message!.id}:${userId}`,
      })
    return {
      id: message!.id,
      author: author?.username ?? null,
      role,
      body: message!.body,
      createdAt: message!.createdAt.toISOString(),
    }
  })
}

/**
 * POST /api/admin/disputes/:id/resolve: a moderator decides, unless they are part of the dispute (one of
 * its traders or the trade's middleman: 403, another moderator or an admin decides) or it is against a
 * moderator or an admin (403: an admin decides; `decisionRefusal`). Upheld marks the other trader's
 * record (it counts in their reputation) and, with `suspend`, suspends them (the admins' suspension).
 * The decision and the suspension are one transaction behind the dispute's lock, so two decisions at
 * once make one (the other 409, nothing changed). Both traders are notified; the decision is in the
 * audit log. Decided already 409.
 */
export async function resolveDispute(
  d: DisputeDeps,
  actor: Actor & { isAdmin: boolean },
  id: number,
  input: ResolveDisputeRequest,
): Promise<void> {
  const note = input.note ?? ''
  const suspend = input.outcome === 'upheld' && input.suspend === true
  const suspended = await d.db.transaction(async (tx) => {
    // The dispute's lock: a second decision at once waits here, then finds it decided.
    const [row] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update')
    if (!row) throw new AppError('NOT_FOUND', M.notFound)
    const refusal = decisionRefusal(actor, (await casesOf(d.env, tx, [row])).get(id)!)
    if (refusal) throw new AppError('FORBIDDEN', refusal)
    if (row.status !== 'open') throw new AppError('CONFLICT', M.decided)
    const now = d.now()
    await tx
      .update(disputes)
      .set({ status: input.outcome, resolvedAt: now, resolvedBy: actor.id, resolutionNote: note })
      .where(eq(disputes.id, id))
    const [target] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, row.respondentId))
    // A refusal (the primary admin) undoes the decision too; suspended already, the decision goes on.
    const suspendedNow =
      suspend && target
        ? await suspendWithin(
            tx,
            d.env,
            actor,
            target.id,
            note || `Dispute ${id} upheld: ${DISPUTE_REASON_LABELS[row.reason]}`,
          )
        : false
    const upheld = input.outcome === 'upheld'
    for (const [userId, title] of [
      [row.openerId, upheld ? 'Your dispute was upheld' : 'Your dispute was rejected'],
      [row.respondentId, upheld ? 'A dispute against you was upheld' : 'A dispute against you was rejected'],
    ] as const)
      await notifyUser(tx, {
        userId,
        kind: 'dispute',
        title,
        body: note || `A moderator decided dispute #${id}.`,
        link: disputeLink(id),
        dedupeKey: `dispute-decided:${id}:${userId}`,
      })
    await recordAudit(tx, {
      action: 'dispute.resolve',
      actor,
      target: target ?? null,
      detail: { dispute: id, offer: row.offerId, outcome: input.outcome, suspend, note },
      ip: actor.ip,
    })
    return suspendedNow ? row.respondentId : null
  })
  if (suspended) await afterSuspension({ db: d.db, cache: d.cache }, suspended)
}
