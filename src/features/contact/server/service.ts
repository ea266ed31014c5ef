import { and, count, desc, eq, sql } from 'drizzle-orm'
import { ADMIN_PAGE_SIZE } from '@/features/admin/rules'
import {
  type AdminContactMessage,
  CONTACT_MESSAGE_NOT_FOUND,
  CONTACT_STATUSES,
  CONTACT_TOPIC_LABELS,
  type ContactListResponse,
  type ContactRequest,
  type ContactResponse,
  type ContactStatus,
} from '@/features/contact/contract'
import { contactMessages } from '@/features/contact/tables'
import { userRoles } from '@/features/roles/server/public'
import type { Actor } from '@/platform/server/auth/session'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import { recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { renderMail } from '@/platform/server/lib/mail/layout'
import { enqueueMail, MAIL_PRIORITY } from '@/platform/server/lib/mail/outbox'
import { hitRateLimit, type Limit } from '@/platform/server/lib/rate-limit'
import { SITE_NAME } from '@/shared/page-info'

export interface ContactLimits extends Record<string, Limit> {
  /** Messages from one client address. */
  messagesPerIp: Limit
}

/** Written in the README; tests may pass others. */
export const DEFAULT_CONTACT_LIMITS: ContactLimits = {
  messagesPerIp: { max: 5, windowSeconds: 60 * 60 },
}

export interface ContactContext {
  db: Db
  env: Pick<Env, 'ADMIN_EMAIL' | 'PUBLIC_URL'>
  limits: ContactLimits
}

const TOO_MANY = 'You have sent several messages in a short time. Please wait a while before sending another.'

/** Who is told of a new message: the primary admin's address and every admin with a verified address. */
async function adminAddresses({ db, env }: ContactContext): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), eq(users.emailVerified, true)))
  const primary = env.ADMIN_EMAIL?.toLowerCase()
  return [...new Set([...(primary ? [primary] : []), ...rows.map((row) => row.email)])]
}

/** The mail an admin gets: the topic, the reply address and the message, as the sender wrote it (escaped). */
function renderContactMail(
  ctx: ContactContext,
  message: { id: number } & ContactRequest & { email: string },
) {
  const topic = CONTACT_TOPIC_LABELS[message.topic]
  const mail = renderMail({
    subject: `New contact message: ${topic}`,
    heading: `${topic} from ${message.email}`,
    paragraphs: message.message.split(/\n+/).filter((line) => line.trim() !== ''),
    button: { label: 'Open the contact messages', url: `${ctx.env.PUBLIC_URL}/admin/contact` },
    expiry: `Message ${message.id}. Reply to this mail to answer the sender at ${message.email}, then mark it answered.`,
    footer: `You get this mail because you are an admin of ${SITE_NAME}. The reply address is the sender's own word: it is not checked.`,
  })
  return { ...mail, headers: { 'Reply-To': message.email } }
}

/**
 * Stores a message and mails it to the admins (through the outbox, in the same transaction). The answer
 * is the same whatever the address: it tells nobody whether the address has an account here.
 */
export async function sendContactMessage(
  ctx: ContactContext,
  request: ContactRequest,
  ip: string,
): Promise<ContactResponse> {
  await hitRateLimit(ctx.db, `contact:${ip}`, ctx.limits.messagesPerIp, TOO_MANY)
  const admins = await adminAddresses(ctx)
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ topic: request.topic, message: request.message, email: request.email })
      .returning({ id: contactMessages.id })
    const mail = renderContactMail(ctx, { ...request, id: row!.id })
    for (const to of admins)
      await enqueueMail(tx as unknown as Db, { to, ...mail, priority: MAIL_PRIORITY.account })
  })
  return { state: 'received' }
}

const toAdminMessage = (row: typeof contactMessages.$inferSelect): AdminContactMessage => ({
  id: row.id,
  topic: row.topic,
  message: row.message,
  email: row.email,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** The messages, newest first, with how many each status holds. */
export async function listContactMessages(
  { db }: ContactContext,
  { status, page }: { status?: ContactStatus; page: number },
): Promise<ContactListResponse> {
  const where = status ? eq(contactMessages.status, status) : undefined
  const [rows, [total], byStatus] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(contactMessages).where(where),
    db
      .select({ status: contactMessages.status, n: count() })
      .from(contactMessages)
      .groupBy(contactMessages.status),
  ])
  const counts = Object.fromEntries(CONTACT_STATUSES.map((s) => [s, 0])) as Record<ContactStatus, number>
  for (const row of byStatus) counts[row.status] = row.n
  return { counts, messages: rows.map(toAdminMessage), page, pageSize: ADMIN_PAGE_SIZE, total: total?.n ?? 0 }
}

/** Marks a message new, answered or closed; the change is in the audit log. */
export async function setContactStatus(
  { db }: ContactContext,
  actor: Actor,
  id: number,
  status: ContactStatus,
): Promise<AdminContactMessage> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(contactMessages.id, id))
      .returning()
    if (!row) throw new AppError('NOT_FOUND', CONTACT_MESSAGE_NOT_FOUND)
    await recordAudit(tx, {
      action: 'contact.status',
      actor,
      detail: { messageId: id, status, from: row.email },
      ip: actor.ip,
    })
    return toAdminMessage(row)
  })
}
