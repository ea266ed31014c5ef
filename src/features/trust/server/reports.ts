import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { BLOCK_MESSAGES } from '@/features/accounts/rules'
import { profiles } from '@/features/accounts/server/public'
import { ADMIN_MESSAGES } from '@/features/admin/rules'
import { afterSuspension, suspendWithin } from '@/features/admin/server/public'
import { items } from '@/features/catalog/server/public'
import { notifyUser } from '@/features/notifications/server/public'
import { type CaseFacts, type Decider, decisionRefusal } from '@/features/roles/policy'
import { staffAmong } from '@/features/roles/server/public'
import {
  invalidateTrading,
  tradeAdItems,
  tradeAds,
  tradeMessages,
  tradeOffers,
} from '@/features/trading/server/public'
import {
  actionFits,
  type Report,
  type ReportAction,
  type ReportRequest,
  type ReportStatus,
  type ReportsResponse,
  type ReportTargetKind,
  TRUST_LIMITS,
  TRUST_MESSAGES,
  type TrustFigures,
} from '@/features/trust/contract'
import { reports, tradeReviews } from '@/features/trust/tables'
import { valueSuggestions } from '@/features/value-ops/server/public'
import { robloxAccounts } from '@/features/verification/server/public'
import type { Actor } from '@/platform/server/auth/session'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import { type DbOrTx, recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { hitRateLimit, type Limit } from '@/platform/server/lib/rate-limit'
import type { ReadCache } from '@/platform/server/lib/read-cache'

/** The written limit (tests override it by this name under 'trust'). */
export const TRUST_RATE_LIMITS = {
  reportsPerHour: { max: TRUST_LIMITS.reportsPerHour, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>

export interface ReportDeps {
  env: Env
  db: Db
  cache: ReadCache
  now: () => Date
  limits: typeof TRUST_RATE_LIMITS
}

/** What was reported as a moderator reads it: its words, where it is, who wrote it, whether hidden. */
interface Target {
  authorId: string | null
  text: string
  link: string | null
  hidden: boolean
  /** Only these users may report it (a message: the two traders of its conversation). */
  visibleTo?: readonly string[]
}

const asNumber = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : null)

/** An ad as a moderator reads it: both sides by item name, then its note. */
async function adText(db: DbOrTx, adId: number, note: string): Promise<string> {
  const slots = await db
    .select({
      side: tradeAdItems.side,
      quantity: tradeAdItems.quantity,
      name: items.name,
      variant: tradeAdItems.variant,
    })
    .from(tradeAdItems)
    .innerJoin(items, and(eq(items.gameId, tradeAdItems.gameId), eq(items.id, tradeAdItems.itemId)))
    .where(eq(tradeAdItems.adId, adId))
    .orderBy(tradeAdItems.side, tradeAdItems.position)
  const side = (which: string) =>
    slots
      .filter((s) => s.side === which)
      .map((s) => `${s.quantity > 1 ? `${s.quantity}× ` : ''}${s.variant ? `${s.variant} ` : ''}${s.name}`)
      .join(', ') || 'offers'
  return [`Has: ${side('offering')}.`, `Wants: ${side('requesting')}.`, note && `Note: ${note}`]
    .filter(Boolean)
    .join(' ')
}

/** The reported thing, or null when there is none (a bad id for its kind is none too). */
async function findTarget(db: DbOrTx, kind: ReportTargetKind, id: string): Promise<Target | null> {
  if (kind === 'user') {
    const [row] = await db
      .select({ userId: profiles.userId, displayName: profiles.displayName, bio: profiles.bio })
      .from(profiles)
      .where(eq(profiles.username, id))
    return row
      ? {
          authorId: row.userId,
          text: [row.displayName, row.bio].filter(Boolean).join(' — '),
          link: `/u/${id}`,
          hidden: false,
        }
      : null
  }
  const n = asNumber(id)
  if (n === null) return null
  if (kind === 'ad') {
    const [row] = await db.select().from(tradeAds).where(eq(tradeAds.id, n))
    if (!row) return null
    return {
      authorId: row.userId,
      text: await adText(db, row.id, row.note),
      link: `/trading/ad/${row.id}`,
      hidden: row.hiddenAt !== null,
    }
  }
  if (kind === 'message') {
    const [row] = await db
      .select({
        message: tradeMessages,
        adId: tradeAds.id,
        owner: tradeAds.userId,
        offerer: tradeOffers.userId,
      })
      .from(tradeMessages)
      .innerJoin(tradeOffers, eq(tradeOffers.id, tradeMessages.offerId))
      .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
      .where(eq(tradeMessages.id, n))
    return row
      ? {
          authorId: row.message.userId,
          text: row.message.body,
          link: `/trading/ad/${row.adId}?offer=${row.message.offerId}`,
          hidden: row.message.hiddenAt !== null,
          visibleTo: [row.owner, row.offerer],
        }
      : null
  }
  if (kind === 'review') {
    const [row] = await db
      .select({ review: tradeReviews, subject: profiles.username })
      .from(tradeReviews)
      .leftJoin(profiles, eq(profiles.userId, tradeReviews.subjectId))
      .where(eq(tradeReviews.id, n))
    return row
      ? {
          authorId: row.review.authorId,
          text: `${row.review.rating}/5 ${row.review.comment}`.trim(),
          link: row.subject ? `/u/${row.subject}` : null,
          hidden: row.review.hiddenAt !== null,
        }
      : null
  }
  const [row] = await db.select().from(valueSuggestions).where(eq(valueSuggestions.id, n))
  return row
    ? {
        authorId: row.userId,
        text: `${row.value} — ${row.reason}`,
        link: `/values/${row.gameId}/${row.itemId}`,
        hidden: row.status === 'rejected',
      }
    : null
}

/**
 * POST /api/reports: a signed-in user reports something they can see. 10 an hour (429); nothing there
 * (or not theirs to see) 404; their own 400; the same thing twice 409.
 */
export async function fileReport(d: ReportDeps, userId: string, input: ReportRequest): Promise<number> {
  const { kind } = input.target
  const id = String(input.target.id)
  if ((kind === 'user') !== (typeof input.target.id === 'string'))
    throw new AppError(
      'VALIDATION_FAILED',
      `target.id: ${kind === 'user' ? 'a username' : 'a number'} is expected`,
      {
        fields: {
          'target.id':
            kind === 'user' ? 'Give the username of the user' : 'Give the number of what you report',
        },
      },
    )
  await hitRateLimit(d.db, `trust:reports:${userId}`, d.limits.reportsPerHour, TRUST_MESSAGES.reportsTooFast)
  const target = await findTarget(d.db, kind, id)
  if (
    !target ||
    (target.visibleTo && !target.visibleTo.includes(userId)) ||
    (target.hidden && kind !== 'suggestion')
  )
    throw new AppError('NOT_FOUND', TRUST_MESSAGES.reportTargetNotFound)
  if (target.authorId === userId) throw new AppError('BAD_REQUEST', TRUST_MESSAGES.reportSelf)
  const [row] = await d.db
    .insert(reports)
    .values({
      reporterId: userId,
      targetKind: kind,
      targetId: id,
      targetUserId: target.authorId,
      reason: input.reason,
      details: input.details ?? '',
      createdAt: d.now(),
    })
    .onConflictDoNothing()
    .returning({ id: reports.id })
  if (!row) throw new AppError('CONFLICT', TRUST_MESSAGES.reportExists)
  return row.id
}

type ReportRow = typeof reports.$inferSelect

/**
 * The facts the deciding rule reads of each report (by id): who reported it, with everyone who reported
 * the same thing while it is open (its open reports are resolved together), and the author of what
 * was reported (or the reported user), and whether that author is staff.
 */
async function casesOf(env: Env, db: DbOrTx, rows: readonly ReportRow[]): Promise<Map<number, CaseFacts>> {
  if (rows.length === 0) return new Map()
  const [open, staff] = await Promise.all([
    db
      .select({ kind: reports.targetKind, id: reports.targetId, reporterId: reports.reporterId })
      .from(reports)
      .where(
        and(eq(reports.status, 'open'), inArray(reports.targetId, [...new Set(rows.map((r) => r.targetId))])),
      ),
    staffAmong(
      env,
      db,
      rows.map((r) => r.targetUserId),
    ),
  ])
  return new Map(
    rows.map((r) => [
      r.id,
      {
        people: [
          r.reporterId,
          r.targetUserId,
          ...(r.status === 'open'
            ? open.filter((o) => o.kind === r.targetKind && o.id === r.targetId).map((o) => o.reporterId)
            : []),
        ],
        targetIsStaff: r.targetUserId !== null && staff.has(r.targetUserId),
      },
    ]),
  )
}

/** Someone in a report as the moderators read them: by username, never by e-mail. */
const personOf = (p: { id: string | null; username: string | null } | null) =>
  p?.id ? { id: p.id, username: p.username } : null

const reporterProfile = alias(profiles, 'reporter_profile')
const authorProfile = alias(profiles, 'author_profile')
const resolverProfile = alias(profiles, 'resolver_profile')

/**
 * GET /api/admin/reports: open reports oldest first (resolved: newest first), with the content, its
 * author, their earlier reports, and whether this reader may decide each one.
 */
export async function listReports(
  { env, db }: Pick<ReportDeps, 'env' | 'db'>,
  reader: Decider,
  status: ReportStatus,
  page: number,
): Promise<ReportsResponse> {
  const size = TRUST_LIMITS.reportsPageSize
  const [rows, [total]] = await Promise.all([
    db
      .select({
        report: reports,
        reporter: { id: reports.reporterId, username: reporterProfile.username },
        author: { id: reports.targetUserId, username: authorProfile.username },
        resolver: resolverProfile.username,
      })
      .from(reports)
      .leftJoin(reporterProfile, eq(reporterProfile.userId, reports.reporterId))
      .leftJoin(authorProfile, eq(authorProfile.userId, reports.targetUserId))
      .leftJoin(resolverProfile, eq(resolverProfile.userId, reports.resolvedBy))
      .where(eq(reports.status, status))
      .orderBy(status === 'open' ? reports.createdAt : desc(reports.resolvedAt), reports.id)
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(reports).where(eq(reports.status, status)),
  ])
  const authorIds = [...new Set(rows.flatMap((r) => (r.author?.id ? [r.author.id] : [])))]
  const [earlier, cases] = await Promise.all([
    authorIds.length === 0
      ? []
      : db
          .select({
            id: reports.id,
            targetUserId: reports.targetUserId,
            reason: reports.reason,
            createdAt: reports.createdAt,
            action: reports.action,
          })
          .from(reports)
          .where(inArray(reports.targetUserId, authorIds))
          .orderBy(desc(reports.createdAt)),
    casesOf(
      env,
      db,
      rows.map((r) => r.report),
    ),
  ])
  const list: Report[] = []
  for (const row of rows) {
    const r = row.report
    const target = await findTarget(db, r.targetKind, r.targetId)
    const refusal = decisionRefusal(reader, cases.get(r.id)!)
    list.push({
      id: r.id,
      target: { kind: r.targetKind, id: r.targetId },
      reason: r.reason,
      details: r.details,
      reporter: personOf(row.reporter),
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      content: target && { text: target.text, link: target.link, hidden: target.hidden },
      author: personOf(row.author),
      earlierReports: earlier
        .filter((e) => e.targetUserId === r.targetUserId && e.id !== r.id && e.createdAt <= r.createdAt)
        .slice(0, TRUST_LIMITS.earlierReports)
        .map((e) => ({
          id: e.id,
          reason: e.reason,
          createdAt: e.createdAt.toISOString(),
          action: e.action ?? null,
        })),
      resolution:
        r.status === 'resolved' && r.action && r.resolvedAt
          ? { action: r.action, note: r.note ?? '', at: r.resolvedAt.toISOString(), by: row.resolver }
          : null,
      mayDecide: refusal === null,
      decideRefusal: refusal,
    })
  }
  return {
    reports: list,
    page,
    pageCount: Math.max(1, Math.ceil((total?.n ?? 0) / size)),
    total: total?.n ?? 0,
  }
}

/** Hides the content from every public place, in `tx`. */
async function hide(tx: DbOrTx, kind: ReportTargetKind, id: number, actor: Actor, note: string, now: Date) {
  if (kind === 'ad')
    await tx
      .update(tradeAds)
      .set({
        hiddenAt: now,
        status: sql`case when ${tradeAds.status} = 'open' then 'closed' else ${tradeAds.status} end`,
        closedAt: sql`coalesce(${tradeAds.closedAt}, ${now})`,
      })
      .where(eq(tradeAds.id, id))
  else if (kind === 'message')
    await tx.update(tradeMessages).set({ hiddenAt: now }).where(eq(tradeMessages.id, id))
  else if (kind === 'review')
    await tx.update(tradeReviews).set({ hiddenAt: now }).where(eq(tradeReviews.id, id))
  else if (kind === 'suggestion')
    // A suggestion leaves the public lists by being rejected (with the moderator's note).
    await tx
      .update(valueSuggestions)
      .set({
        status: 'rejected',
        note: note || 'Removed by a moderator',
        decidedBy: actor.id,
        decidedAt: now,
      })
      .where(and(eq(valueSuggestions.id, id), eq(valueSuggestions.status, 'pending')))
}

/**
 * POST /api/admin/reports/:id/resolve: a moderator dismisses, hides the content, warns its author (a
 * notification) or suspends them (the admins' suspension). Not one who reported it (or the same thing)
 * or wrote what was reported (403: another moderator or an admin decides), and a report about a
 * moderator or an admin is an admin's (403; `decisionRefusal`). Every other open report of the same
 * thing is resolved with it, in one transaction with the suspension behind the thing's lock: two
 * decisions at once make one (the other 409, nothing changed). Each action is in the audit log. A
 * resolved report 409; hiding a user 400.
 */
export async function resolveReport(
  d: ReportDeps,
  actor: Actor & { isAdmin: boolean },
  reportId: number,
  input: { action: ReportAction; note?: string },
): Promise<void> {
  const note = input.note ?? ''
  const [found] = await d.db
    .select({ kind: reports.targetKind, id: reports.targetId })
    .from(reports)
    .where(eq(reports.id, reportId))
  if (!found) throw new AppError('NOT_FOUND', TRUST_MESSAGES.reportNotFound)
  const decided = await d.db.transaction(async (tx) => {
    // The reported thing's lock: a second decision about it waits here, then finds its reports resolved.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reports:${found.kind}:${found.id}`}))`)
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId))
    if (!report) throw new AppError('NOT_FOUND', TRUST_MESSAGES.reportNotFound)
    const refusal = decisionRefusal(actor, (await casesOf(d.env, tx, [report])).get(reportId)!)
    if (refusal) throw new AppError('FORBIDDEN', refusal)
    if (report.status !== 'open') throw new AppError('CONFLICT', TRUST_MESSAGES.reportResolved)
    if (!actionFits(report.targetKind, input.action))
      throw new AppError('BAD_REQUEST', TRUST_MESSAGES.cannotHideUser)
    const [target] = report.targetUserId
      ? await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.id, report.targetUserId))
      : []
    if (input.action === 'suspend') {
      if (!target) throw new AppError('NOT_FOUND', BLOCK_MESSAGES.traderNotFound)
      // A refusal (the primary admin) or a suspension already there changes nothing.
      const suspended = await suspendWithin(
        tx,
        d.env,
        actor,
        target.id,
        note || `Report ${reportId}: ${report.reason}`,
      )
      if (!suspended) throw new AppError('CONFLICT', ADMIN_MESSAGES.alreadySuspended)
    }
    const now = d.now()
    const resolved = await tx
      .update(reports)
      .set({ status: 'resolved', resolvedAt: now, resolvedBy: actor.id, action: input.action, note })
      .where(
        and(
          eq(reports.targetKind, report.targetKind),
          eq(reports.targetId, report.targetId),
          eq(reports.status, 'open'),
        ),
      )
      .returning({ id: reports.id })
    if (input.action === 'hide') await hide(tx, report.targetKind, Number(report.targetId), actor, note, now)
    if (input.action === 'warn' && target)
      await notifyUser(tx, {
        userId: target.id,
        kind: 'moderation-warning',
        title: 'A warning from the moderators',
        body:
          note ||
          'Something you posted was reported and breaks the rules. Please read the trust and safety guidance.',
        link: '/trust-and-security',
        dedupeKey: `moderation-warning:${reportId}`,
      })
    await recordAudit(tx, {
      action: 'report.resolve',
      actor,
      target: target ?? null,
      detail: {
        report: reportId,
        resolved: resolved.map((r) => r.id),
        kind: report.targetKind,
        targetId: report.targetId,
        reason: report.reason,
        action: input.action,
        note,
      },
      ip: actor.ip,
    })
    // The other instances hear of it with the commit: a hidden ad leaves the lists, the figures count it.
    if (input.action === 'hide' && report.targetKind === 'ad') await invalidateTrading(d, tx)
    await d.cache.invalidate(FIGURES_KEY, tx)
    return { suspended: input.action === 'suspend' ? target!.id : null }
  })
  if (decided.suspended) await afterSuspension({ db: d.db, cache: d.cache }, decided.suspended)
}

export const FIGURES_KEY = 'trust:figures'

/** GET /api/trust/figures: reports handled in 30 days, their median time to handle, verified traders. */
export async function trustFigures(db: Db, now: Date): Promise<TrustFigures> {
  const since = new Date(now.getTime() - TRUST_LIMITS.figuresDays * 24 * 60 * 60 * 1000)
  const [[handled], [verified]] = await Promise.all([
    db
      .select({
        n: count(),
        median: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${reports.resolvedAt} - ${reports.createdAt}))`,
      })
      .from(reports)
      .where(and(eq(reports.status, 'resolved'), sql`${reports.resolvedAt} > ${since}`)),
    db.select({ n: count() }).from(robloxAccounts),
  ])
  const median = handled?.median === null || handled?.median === undefined ? null : Number(handled.median)
  return {
    reportsHandled: handled?.n ?? 0,
    medianHoursToHandle: median === null ? null : Math.round((median / 3600) * 10) / 10,
    verifiedTraders: verified?.n ?? 0,
    days: TRUST_LIMITS.figuresDays,
  }
}
