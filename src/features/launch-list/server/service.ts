import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import {
  type ResendResponse,
  SUBSCRIBERS_PAGE_SIZE,
  type SubscribeResponse,
  type SubscriberListResponse,
} from '@/features/launch-list/contract'
import {
  RESEND_COOLDOWN_SECONDS,
  type SubscriberStatus,
  UNSUBSCRIBE_FAILED,
  VERIFY_FAILED,
} from '@/features/launch-list/rules'
import { launchSubscribers } from '@/features/launch-list/tables'
import type { Db } from '@/platform/server/db/client'
import { AppError } from '@/platform/server/lib/errors'
import { enqueueMail, MAIL_PRIORITY } from '@/platform/server/lib/mail/outbox'
import { hitRateLimit, type Limit } from '@/platform/server/lib/rate-limit'
import { createToken, deriveToken, hashToken } from '@/platform/server/lib/tokens'
import { renderVerifyMail } from './email'

export const TOKEN_TTL_HOURS = 48

export interface LaunchListLimits extends Record<string, Limit> {
  /** Sign-ups from one address. */
  subscribePerIp: Limit
  /** Resends from one address. */
  resendPerIp: Limit
  /** Verification mails to one e-mail address (sign-ups and resends together). */
  mailsPerEmail: Limit
  /** Verify and unsubscribe attempts from one address (token guessing). */
  tokenAttemptsPerIp: Limit
}

/** Whether the address is on the list and verified (the OG badge of an account). */
export async function isVerifiedSubscriber(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(launchSubscribers)
    .where(and(eq(launchSubscribers.email, email.toLowerCase()), eq(launchSubscribers.status, 'verified')))
  return row !== undefined
}

/** Written in the README; tests may pass others. */
export const DEFAULT_LAUNCH_LIST_LIMITS: LaunchListLimits = {
  subscribePerIp: { max: 20, windowSeconds: 10 * 60 },
  resendPerIp: { max: 20, windowSeconds: 10 * 60 },
  mailsPerEmail: { max: 5, windowSeconds: 60 * 60 },
  tokenAttemptsPerIp: { max: 60, windowSeconds: 10 * 60 },
}

const TOO_MANY = 'Too many attempts. Please wait a moment and try again.'

export interface LaunchListContext {
  db: Db
  publicUrl: string
  secret: string
  limits: LaunchListLimits
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Replaces the subscriber's verification token and queues the mail, in the caller's transaction. */
async function sendVerification(ctx: LaunchListContext, tx: Tx, email: string): Promise<void> {
  await hitRateLimit(tx as unknown as Db, `launch-mail:${email}`, ctx.limits.mailsPerEmail, TOO_MANY)
  const verify = createToken('launch-verify')
  const unsubscribe = deriveToken(ctx.secret, 'launch-unsubscribe', email)
  const expiresAt = sql`now() + make_interval(hours => ${TOKEN_TTL_HOURS})`
  await tx
    .insert(launchSubscribers)
    .values({
      email,
      verificationTokenHash: verify.hash,
      verificationTokenExpiresAt: expiresAt,
      unsubscribeTokenHash: unsubscribe.hash,
      status: 'pending',
      verified: false,
      isOg: true,
      lastMailAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: launchSubscribers.email,
      set: {
        verificationTokenHash: verify.hash,
        verificationTokenExpiresAt: expiresAt,
        status: 'pending',
        lastMailAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    })
  const mail = renderVerifyMail({
    publicUrl: ctx.publicUrl,
    verifyUrl: `${ctx.publicUrl}/?token=${verify.token}`,
    unsubscribeUrl: `${ctx.publicUrl}/unsubscribe?token=${unsubscribe.token}`,
    oneClickUnsubscribeUrl: `${ctx.publicUrl}/api/launch-list/one-click-unsubscribe?token=${unsubscribe.token}`,
  })
  await enqueueMail(tx as unknown as Db, { to: email, ...mail, priority: MAIL_PRIORITY.launch })
}

function assertCooldownOver(lastMailAt: Date | null): void {
  if (!lastMailAt) return
  const waitMs = lastMailAt.getTime() + RESEND_COOLDOWN_SECONDS * 1000 - Date.now()
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000)
    throw new AppError('RATE_LIMITED', `Please wait ${seconds} seconds before requesting another e-mail.`, {
      retryAfterSeconds: seconds,
    })
  }
}

async function lockSubscriber(tx: Tx, email: string) {
  // The row may not exist yet: a lock on the address itself makes two sign-ups of one new address take
  // turns, so the second sees the first (and its cooldown) instead of sending a second mail.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`launch-list:${email}`}))`)
  const [row] = await tx
    .select()
    .from(launchSubscribers)
    .where(eq(launchSubscribers.email, email))
    .for('update')
  return row
}

/** Sign-up (docs/product.md §7): new or unverified e-mails get a fresh link; verified ones are told so. */
export async function subscribe(
  ctx: LaunchListContext,
  email: string,
  ip: string,
): Promise<SubscribeResponse> {
  await hitRateLimit(ctx.db, `launch-subscribe:${ip}`, ctx.limits.subscribePerIp, TOO_MANY)
  return ctx.db.transaction(async (tx) => {
    const existing = await lockSubscriber(tx, email)
    // A verified address stays as it is: a sign-up by anyone cannot undo its owner's unsubscribe.
    if (existing?.verified) return { state: 'verified', email }
    assertCooldownOver(existing?.lastMailAt ?? null)
    await sendVerification(ctx, tx, email)
    return { state: 'verification_sent', email }
  })
}

/**
 * Resend from the sent state: a new link (the previous one stops working), after the cooldown. The
 * answer is the same for every address, one that never signed up, a pending one or a verified one, so
 * nobody learns from it who is on the list; only a pending sign-up is mailed.
 */
export async function resend(ctx: LaunchListContext, email: string, ip: string): Promise<ResendResponse> {
  await hitRateLimit(ctx.db, `launch-resend:${ip}`, ctx.limits.resendPerIp, TOO_MANY)
  const answer: ResendResponse = { state: 'verification_sent', email }
  return ctx.db.transaction(async (tx) => {
    const existing = await lockSubscriber(tx, email)
    if (!existing || existing.verified) return answer
    assertCooldownOver(existing.lastMailAt)
    await sendVerification(ctx, tx, email)
    return answer
  })
}

/** Verifies the link's token once: it must match, be unused and not expired. */
export async function verify(ctx: LaunchListContext, token: string, ip: string): Promise<{ email: string }> {
  await hitRateLimit(ctx.db, `launch-token:${ip}`, ctx.limits.tokenAttemptsPerIp, TOO_MANY)
  const [row] = await ctx.db
    .update(launchSubscribers)
    .set({
      verified: true,
      status: 'verified',
      verificationTokenHash: null,
      verificationTokenExpiresAt: null,
      verifiedAt: sql`now()`,
      unsubscribedAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(launchSubscribers.verificationTokenHash, hashToken('launch-verify', token)),
        gt(launchSubscribers.verificationTokenExpiresAt, sql`now()`),
      ),
    )
    .returning({ email: launchSubscribers.email })
  if (!row) throw new AppError('BAD_REQUEST', VERIFY_FAILED)
  return row
}

/** One-click unsubscribe; repeating it is harmless. */
export async function unsubscribe(
  ctx: LaunchListContext,
  token: string,
  ip: string,
): Promise<{ email: string }> {
  await hitRateLimit(ctx.db, `launch-token:${ip}`, ctx.limits.tokenAttemptsPerIp, TOO_MANY)
  const [row] = await ctx.db
    .update(launchSubscribers)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`coalesce(${launchSubscribers.unsubscribedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(launchSubscribers.unsubscribeTokenHash, hashToken('launch-unsubscribe', token)))
    .returning({ email: launchSubscribers.email })
  if (!row) throw new AppError('BAD_REQUEST', UNSUBSCRIBE_FAILED)
  return row
}

const subscriberColumns = {
  email: launchSubscribers.email,
  status: launchSubscribers.status,
  verified: launchSubscribers.verified,
  isOg: launchSubscribers.isOg,
  createdAt: launchSubscribers.createdAt,
  verifiedAt: launchSubscribers.verifiedAt,
  unsubscribedAt: launchSubscribers.unsubscribedAt,
}

/** For the admin view: the counts by status and one page of subscribers, newest first. */
export async function listSubscribers(
  db: Db,
  { status, page }: { status?: SubscriberStatus; page: number },
): Promise<SubscriberListResponse> {
  const rows = await db
    .select(subscriberColumns)
    .from(launchSubscribers)
    .where(status ? eq(launchSubscribers.status, status) : undefined)
    .orderBy(desc(launchSubscribers.createdAt))
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE)
  return {
    counts: await countSubscribers(db),
    subscribers: rows.map((r) => ({
      email: r.email,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      verifiedAt: r.verifiedAt?.toISOString() ?? null,
    })),
    page,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
  }
}

export async function countSubscribers(db: Db): Promise<Record<SubscriberStatus, number>> {
  const rows = await db
    .select({ status: launchSubscribers.status, n: count() })
    .from(launchSubscribers)
    .groupBy(launchSubscribers.status)
  const counts = { pending: 0, verified: 0, unsubscribed: 0 }
  for (const row of rows) counts[row.status] = row.n
  return counts
}

/** Every subscriber as CSV (header line first). */
export async function exportSubscribersCsv(db: Db): Promise<string> {
  const rows = await db.select(subscriberColumns).from(launchSubscribers).orderBy(launchSubscribers.createdAt)
  // Quoted, and cells that a spreadsheet would run as a formula are defused.
  const quote = (v: unknown) =>
    `"${String(v ?? '')
      .replace(/^[=+\-@]/, "'$&")
      .replaceAll('"', '""')}"`
  const lines = rows.map((r) =>
    [
      r.email,
      r.status,
      r.verified,
      r.isOg,
      r.createdAt?.toISOString(),
      r.verifiedAt?.toISOString(),
      r.unsubscribedAt?.toISOString(),
    ]
      .map(quote)
      .join(','),
  )
  return ['email,status,verified,is_og,created_at,verified_at,unsubscribed_at', ...lines].join('\n')
}

/** Which of these e-mail addresses belong to verified OG members of the launch list (lowercased). */
export async function ogMembersOf(db: Db, emails: readonly string[]): Promise<Set<string>> {
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))]
  if (lowered.length === 0) return new Set()
  const rows = await db
    .select({ email: sql<string>`lower(${launchSubscribers.email})` })
    .from(launchSubscribers)
    .where(
      and(
        inArray(sql`lower(${launchSubscribers.email})`, lowered),
        eq(launchSubscribers.verified, true),
        eq(launchSubscribers.isOg, true),
      ),
    )
  return new Set(rows.map((r) => r.email))
}
