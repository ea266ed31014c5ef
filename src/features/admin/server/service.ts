import { and, count, desc, eq, ilike, lt, max, or, sql } from 'drizzle-orm'
import { profiles } from '@/features/accounts/server/public'
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  type AdminMail,
  type AdminOverview,
  type AdminUserDetail,
  type AuditListResponse,
  type MAIL_FILTERS,
  type MailListResponse,
  suspendedMessage,
  type UserSearchResponse,
} from '@/features/admin/contract'
import { countSubscribers, isVerifiedSubscriber } from '@/features/launch-list/server/public'
import { userSuspensions } from '@/features/roles/server/public'
import { reportsToday } from '@/features/stock/server/public'
import { grantedRoles, isPrimaryAdmin, type Permissions } from '@/platform/server/auth/roles'
import type { Actor } from '@/platform/server/auth/session'
import { accounts, sessions, users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import { callHook, type HookDeps } from '@/platform/server/hooks'
import { type DbOrTx, recordAudit } from '@/platform/server/lib/audit'
import { auditLog } from '@/platform/server/lib/audit-tables'
import { AppError } from '@/platform/server/lib/errors'
import { OUTBOX_CHANNEL } from '@/platform/server/lib/mail/outbox'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import type { AuditAction } from '@/shared/audit'
import { accountRestored, accountSuspended, overviewNotices } from './hooks'

export interface AdminContext {
  env: Env
  db: Db
  cache: ReadCache
}

const DAY_MS = 24 * 60 * 60 * 1000
const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE

// --- Overview -------------------------------------------------------------------------------------

/**
 * What an admin looks at first: the notices of features above (a failed import), then the counts:
 * users, OG members, the launch list, the mail queue.
 */
export async function getOverview({ db, cache }: AdminContext, viewer: Permissions): Promise<AdminOverview> {
  const weekAgo = new Date(Date.now() - 7 * DAY_MS)
  const [notices, [totals], [suspended], launchList, mail, stockReportsToday] = await Promise.all([
    callHook(overviewNotices, { db, cache }, viewer),
    db
      .select({
        total: count(),
        recent: sql<number>`count(*) filter (where ${users.createdAt} >= ${weekAgo})`.mapWith(Number),
      })
      .from(users),
    db.select({ n: count() }).from(userSuspensions),
    countSubscribers(db),
    mailCounts(db),
    reportsToday(db),
  ])
  return {
    notices: notices.flat(),
    users: { total: totals?.total ?? 0, newLast7Days: totals?.recent ?? 0, suspended: suspended?.n ?? 0 },
    ogMembers: launchList.verified,
    launchList,
    mail: { queued: mail.pending + mail.sending, failed: mail.failed, stuck: mail.stuck },
    stockReportsToday,
  }
}

// --- Users ----------------------------------------------------------------------------------------

/** `%` and `_` typed by the admin are searched for as themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** Users whose e-mail, username or display name contains `q`, newest first, one page. */
export async function searchUsers(
  { db }: AdminContext,
  q: string,
  page: number,
): Promise<UserSearchResponse> {
  const pattern = likePattern(q)
  const where = q
    ? or(ilike(users.email, pattern), ilike(profiles.username, pattern), ilike(profiles.displayName, pattern))
    : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        username: profiles.username,
        displayName: profiles.displayName,
        createdAt: users.createdAt,
        suspendedAt: userSuspensions.suspendedAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(userSuspensions, eq(userSuspensions.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where),
  ])
  return {
    users: rows.map((r) => ({
      id: r.id,
      email: r.email,
      username: r.username,
      displayName: r.displayName,
      createdAt: r.createdAt.toISOString(),
      suspended: r.suspendedAt !== null,
    })),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: total?.n ?? 0,
  }
}

const METHOD_NAMES: Record<string, string> = { credential: 'password' }

/** One user as the admin sees them: roles, OG status, sign-in methods, activity, suspension. */
export async function getUser({ env, db }: AdminContext, userId: string): Promise<AdminUserDetail> {
  const [row] = await db
    .select({
      user: users,
      username: profiles.username,
      displayName: profiles.displayName,
      suspension: userSuspensions,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(userSuspensions, eq(userSuspensions.userId, users.id))
    .where(eq(users.id, userId))
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotFound)
  const { user, suspension } = row
  const [roles, methods, [activity], suspendedBy, ogMember] = await Promise.all([
    grantedRoles(db, userId),
    db.selectDistinct({ provider: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId)),
    db
      .select({
        lastActive: max(sessions.updatedAt),
        active: sql<number>`count(*) filter (where ${sessions.expiresAt} > now())`.mapWith(Number),
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    suspension?.suspendedBy
      ? db.select({ email: users.email }).from(users).where(eq(users.id, suspension.suspendedBy))
      : Promise.resolve([]),
    user.emailVerified ? isVerifiedSubscriber(db, user.email) : Promise.resolve(false),
  ])
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    username: row.username,
    displayName: row.displayName,
    createdAt: user.createdAt.toISOString(),
    suspended: suspension !== null,
    roles,
    primaryAdmin: isPrimaryAdmin(env, user),
    ogMember,
    signInMethods: [...methods.map((m) => METHOD_NAMES[m.provider] ?? m.provider), 'magic-link'],
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    lastActiveAt: lastActivity(activity?.lastActive, user.lastActiveAt),
    activeSessions: activity?.active ?? 0,
    suspension: suspension
      ? {
          at: suspension.suspendedAt.toISOString(),
          reason: suspension.reason,
          by: suspendedBy[0]?.email ?? null,
        }
      : null,
  }
}

/** The latest activity of a session, open (its last use) or ended (kept on the user), or null: never. */
function lastActivity(openSession: Date | string | null | undefined, ended: Date | null): string | null {
  const times = [openSession, ended].flatMap((at) => (at ? [new Date(at).getTime()] : []))
  return times.length > 0 ? new Date(Math.max(...times)).toISOString() : null
}

async function targetUser(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotFound)
  return user
}

/**
 * Suspends an account in the caller's transaction `tx`, so that a decision and its suspension (a
 * dispute upheld, a report resolved) commit together or not at all: the account cannot sign in by any
 * method (auth.ts refuses its new sessions), every session it has ends, the audit log has it. Not the
 * primary admin (403), not oneself (400); false when it was suspended already (nothing written). Once
 * `tx` committed, the caller runs `afterSuspension`.
 */
export async function suspendWithin(
  tx: DbOrTx,
  env: Env,
  actor: Actor,
  userId: string,
  reason: string,
): Promise<boolean> {
  const user = await targetUser(tx, userId)
  if (isPrimaryAdmin(env, user)) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.primaryNotSuspendable)
  if (user.id === actor.id) throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.notSelf)
  const [row] = await tx
    .insert(userSuspensions)
    .values({ userId, reason, suspendedBy: actor.id })
    .onConflictDoNothing()
    .returning()
  if (!row) return false
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
  await recordAudit(tx, {
    action: 'user.suspend',
    actor,
    target: user,
    detail: { reason, sessionsEnded: ended.length },
    ip: actor.ip,
  })
  return true
}

/**
 * What follows a committed suspension: its ads and offers hide, its API keys stop, and as a middleman
 * its open jobs go back to the queue (`accountSuspended`).
 */
export const afterSuspension = (deps: HookDeps, userId: string) => callHook(accountSuspended, deps, userId)

/** Suspends an account (`suspendWithin`, then `afterSuspension`); suspended already 409. */
export async function suspendUser(ctx: AdminContext, actor: Actor, userId: string, reason: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await suspendWithin(tx, ctx.env, actor, userId, reason)))
      throw new AppError('CONFLICT', ADMIN_MESSAGES.alreadySuspended)
  })
  await afterSuspension({ db: ctx.db, cache: ctx.cache }, userId)
  return getUser(ctx, userId)
}

/** Lifts a suspension: the user may sign in again; their ads and offers show again (`accountRestored`). */
export async function restoreUser(ctx: AdminContext, actor: Actor, userId: string) {
  const user = await targetUser(ctx.db, userId)
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(userSuspensions).where(eq(userSuspensions.userId, userId)).returning()
    if (removed.length === 0) throw new AppError('CONFLICT', ADMIN_MESSAGES.notSuspended)
    await recordAudit(tx, { action: 'user.restore', actor, target: user, ip: actor.ip })
  })
  await callHook(accountRestored, { db: ctx.db, cache: ctx.cache }, userId)
  return getUser(ctx, userId)
}

/** Ends every session of the user, on every device. The primary admin's only by the primary admin. */
export async function signOutEverywhere(ctx: AdminContext, actor: Actor, userId: string) {
  const user = await targetUser(ctx.db, userId)
  if (isPrimaryAdmin(ctx.env, user) && user.id !== actor.id)
    throw new AppError('FORBIDDEN', ADMIN_MESSAGES.primaryNotSignedOut)
  return ctx.db.transaction(async (tx) => {
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
    await recordAudit(tx, {
      action: 'user.sign-out',
      actor,
      target: user,
      detail: { sessionsEnded: ended.length },
      ip: actor.ip,
    })
    return { sessionsEnded: ended.length }
  })
}

// --- Mail queue -----------------------------------------------------------------------------------

type MailFilter = (typeof MAIL_FILTERS)[number]

/** Sending, but the worker's claim has run out (it died mid-send): another worker takes it soon. */
const isStuck = and(eq(pendingEmails.status, 'sending'), lt(pendingEmails.lockedUntil, sql`now()`))

async function mailCounts(db: Db): Promise<Record<MailFilter, number>> {
  const rows = await db
    .select({
      status: pendingEmails.status,
      n: count(),
      stuck: sql<number>`count(*) filter (where ${isStuck})`.mapWith(Number),
    })
    .from(pendingEmails)
    .groupBy(pendingEmails.status)
  const counts: Record<MailFilter, number> = { pending: 0, sending: 0, sent: 0, failed: 0, stuck: 0 }
  for (const row of rows) {
    counts[row.status] = row.n
    counts.stuck += row.stuck
  }
  return counts
}

/** The outbox by status, newest first: never a mail's body (account mails hold sign-in links). */
export async function listMail(
  { db }: AdminContext,
  { status, page }: { status?: MailFilter; page: number },
): Promise<MailListResponse> {
  const where = status === 'stuck' ? isStuck : status ? eq(pendingEmails.status, status) : undefined
  const [rows, [total], counts] = await Promise.all([
    db
      .select({
        id: pendingEmails.id,
        toEmail: pendingEmails.toEmail,
        subject: pendingEmails.subject,
        status: pendingEmails.status,
        stuck: sql<boolean>`coalesce(${isStuck}, false)`,
        attempts: pendingEmails.attempts,
        maxAttempts: pendingEmails.maxAttempts,
        lastError: pendingEmails.lastError,
        createdAt: pendingEmails.createdAt,
        nextAttemptAt: pendingEmails.nextAttemptAt,
        sentAt: pendingEmails.sentAt,
      })
      .from(pendingEmails)
      .where(where)
      .orderBy(desc(pendingEmails.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(pendingEmails).where(where),
    mailCounts(db),
  ])
  const mails: AdminMail[] = rows.map((r) => ({
    ...r,
    stuck: Boolean(r.stuck),
    createdAt: r.createdAt.toISOString(),
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }))
  return { counts, mails, page, pageSize: ADMIN_PAGE_SIZE, total: total?.n ?? 0 }
}

/** Sends a failed mail again: back to pending with fresh attempts, due now; the workers are woken. */
export async function retryMail(ctx: AdminContext, actor: Actor, id: number): Promise<AdminMail> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(pendingEmails)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, lockedBy: null })
      .where(and(eq(pendingEmails.id, id), eq(pendingEmails.status, 'failed')))
      .returning({ toEmail: pendingEmails.toEmail, subject: pendingEmails.subject })
    if (!row) {
      const [exists] = await tx
        .select({ id: pendingEmails.id })
        .from(pendingEmails)
        .where(eq(pendingEmails.id, id))
      throw exists
        ? new AppError('CONFLICT', ADMIN_MESSAGES.mailNotFailed)
        : new AppError('NOT_FOUND', ADMIN_MESSAGES.mailNotFound)
    }
    await recordAudit(tx, {
      action: 'mail.retry',
      actor,
      detail: { mailId: id, to: row.toEmail, subject: row.subject },
      ip: actor.ip,
    })
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(id)})`)
  })
  return mailById(ctx.db, id)
}

async function mailById(db: Db, id: number): Promise<AdminMail> {
  const [r] = await db.select().from(pendingEmails).where(eq(pendingEmails.id, id))
  if (!r) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.mailNotFound)
  return {
    id: r.id,
    toEmail: r.toEmail,
    subject: r.subject,
    status: r.status,
    stuck: false,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }
}

// --- Audit log ------------------------------------------------------------------------------------

/** The audit log, newest first, optionally one action only. */
export async function listAudit(
  { db }: AdminContext,
  { action, page }: { action?: AuditAction; page: number },
): Promise<AuditListResponse> {
  const where = action ? eq(auditLog.action, action) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(auditLog).where(where),
  ])
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action as AuditAction,
      actorEmail: r.actorEmail,
      targetEmail: r.targetEmail,
      targetUserId: r.targetUserId,
      detail: r.detail,
      ip: r.ip,
    })),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: total?.n ?? 0,
  }
}

/** Why a suspended account may not sign in (the moderator's reason, in the site's words); null when it may. */
export async function suspensionRefusal(db: Db, userId: string): Promise<string | null> {
  const [suspension] = await db
    .select({ reason: userSuspensions.reason })
    .from(userSuspensions)
    .where(eq(userSuspensions.userId, userId))
  return suspension ? suspendedMessage(suspension.reason) : null
}
