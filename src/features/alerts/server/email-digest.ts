import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import {
  ALERT_EMAIL_KINDS,
  ALERT_LIMITS,
  ALERT_UNSUBSCRIBE_MESSAGES,
  type AlertEmailKind,
  type AlertUnsubscribeKind,
} from '@/features/alerts/contract'
import { alertSettings } from '@/features/alerts/tables'
import { isTradeNotification } from '@/features/notifications/contract'
import { notifications } from '@/features/notifications/server/public'
import { users } from '@/platform/server/auth/tables'
import type { Database, Db } from '@/platform/server/db/client'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { escapeHtml } from '@/platform/server/lib/html'
import type { Logger } from '@/platform/server/lib/logger'
import { renderMail } from '@/platform/server/lib/mail/layout'
import { enqueueMail, MAIL_PRIORITY } from '@/platform/server/lib/mail/outbox'
import { LoopWorker } from '@/platform/server/lib/wake-loop'
import { SITE_NAME } from '@/shared/page-info'
import { alertUnsubscribeUrl } from './unsubscribe'

/** An alert mail lists at most this many alerts; the rest are counted. */
export const MAIL_LIST_SIZE = 25

export interface DigestDeps {
  db: Db
  publicUrl: string
  secret: string
}

export interface AlertMailItem {
  kind: string
  title: string
  body: string
  link: string
}

/** The kind of alert mail (as its settings and unsubscribe links name them) a notification is mailed under. */
export function mailKindOf(kind: string): AlertEmailKind | null {
  if (kind === 'restock' || kind === 'value') return kind
  return isTradeNotification(kind) ? 'trades' : null
}

/** What the mail says, by whether it carries alerts of watches and rules, trades, or both. */
function wordsOf(kinds: readonly AlertEmailKind[]) {
  const trades = kinds.includes('trades')
  const alerts = kinds.some((kind) => kind !== 'trades')
  const what =
    trades && alerts
      ? 'your trades and the items and rules you watch'
      : trades
        ? 'your trades'
        : 'the items and rules you watch'
  return {
    noun: trades ? 'notifications' : 'alerts',
    intro: `What happened to ${what} since the last ${trades ? '' : 'alert '}e-mail:`,
    footer: `You get this mail because you turned on ${trades && alerts ? 'alert and trade' : trades ? 'trade' : 'alert'} e-mails on ${SITE_NAME}${alerts ? ' and watch these items' : ''}.`,
  }
}

/**
 * A trade conversation's new messages as one line of the mail: the latest, counting the others. Any other
 * notification stays as it is. Newest first in, newest first out.
 */
export function collapseMessages<T extends AlertMailItem>(items: readonly T[]): T[] {
  const byConversation = new Map<string, T[]>()
  for (const item of items)
    if (item.kind === 'trade-message')
      byConversation.set(item.link, [...(byConversation.get(item.link) ?? []), item])
  return items.flatMap((item) => {
    if (item.kind !== 'trade-message') return [item]
    const conversation = byConversation.get(item.link)!
    if (conversation[0] !== item) return []
    return conversation.length === 1
      ? [item]
      : [{ ...item, body: `${conversation.length} new messages; the latest: ${item.body}` }]
  })
}

/**
 * One alert mail: the single notification's title as its subject (or "3 new alerts on TradeHub", "…new
 * notifications…" with trades), each with its link, and a one-click unsubscribe (RFC 8058) for the kinds
 * it carries.
 */
export function renderAlertMail(input: {
  publicUrl: string
  items: readonly AlertMailItem[]
  /** The unsubscribe address of each kind (and of all). */
  unsubscribeUrl: (kind: AlertUnsubscribeKind) => string
}) {
  const { publicUrl, unsubscribeUrl } = input
  const items = collapseMessages(input.items)
  const [first] = items
  if (!first) throw new Error('an alert mail needs an alert')
  const single = items.length === 1
  const kinds = ALERT_EMAIL_KINDS.filter((kind) => items.some((i) => mailKindOf(i.kind) === kind))
  const words = wordsOf(kinds)
  const subject = single ? first.title : `${items.length} new ${words.noun} on ${SITE_NAME}`
  const headerKind: AlertUnsubscribeKind = kinds.length === 1 ? kinds[0]! : 'all'
  const listed = items.slice(0, MAIL_LIST_SIZE)
  const more = items.length - listed.length
  const url = (link: string) => `${publicUrl}${link}`
  const stopLinks = kinds.map((kind) => ({
    label: ALERT_UNSUBSCRIBE_MESSAGES.confirm[kind],
    url: unsubscribeUrl(kind),
  }))
  const listHtml = single
    ? ''
    : `<ul style="margin:0 0 12px;padding-left:18px;font-size:15px;line-height:1.5;">
${listed
  .map(
    (i) =>
      `<li style="margin:0 0 8px;"><a href="${escapeHtml(url(i.link))}" style="color:#047857;font-weight:700;">${escapeHtml(i.title)}</a><br><span style="color:#374151;">${escapeHtml(i.body)}</span></li>`,
  )
  .join('\n')}
</ul>
${more > 0 ? `<p style="margin:0 0 12px;font-size:14px;">…and ${more} more on ${escapeHtml(SITE_NAME)}.</p>` : ''}`
  const mail = renderMail({
    subject,
    heading: subject,
    paragraphs: single ? [first.body] : [words.intro],
    button: {
      label: single
        ? `See it on ${SITE_NAME}`
        : `See the latest ${words.noun === 'alerts' ? 'alert' : 'one'}`,
      url: url(first.link),
    },
    expiry: `You get at most one alert e-mail every ${ALERT_LIMITS.emailIntervalMinutes} minutes, with everything that happened meanwhile.`,
    section: {
      html: `${listHtml}<p style="margin:0;font-size:13px;line-height:1.6;color:#4b5563;">${stopLinks
        .map((s) => `<a href="${escapeHtml(s.url)}" style="color:#4b5563;">${escapeHtml(s.label)}</a>`)
        .join(' · ')}</p>`,
      text: [
        ...(single ? [] : listed.map((i) => `- ${i.title}: ${i.body} ${url(i.link)}`)),
        ...(more > 0 ? [`…and ${more} more on ${SITE_NAME}.`] : []),
        ...(single ? [] : ['']),
        ...stopLinks.map((s) => `${s.label}: ${s.url}`),
      ],
    },
    footer: words.footer,
    footerLink: { label: 'Unsubscribe', url: unsubscribeUrl(headerKind) },
  })
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl(headerKind)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/**
 * Makes the next alert mail of these users (ids sorted: rows are locked in order) due now, or 15 minutes
 * after their last one: what is notified meanwhile joins it. Call it in the transaction that marks their
 * notifications `email_pending`; a mail already due keeps its time.
 */
export async function scheduleAlertMail(tx: DbOrTx, userIds: readonly string[]): Promise<void> {
  await tx
    .select({ userId: alertSettings.userId })
    .from(alertSettings)
    .where(inArray(alertSettings.userId, [...userIds]))
    .orderBy(asc(alertSettings.userId))
    .for('update')
  await tx
    .update(alertSettings)
    .set({
      emailDueAt: sql`coalesce(${alertSettings.emailDueAt}, greatest(now(), coalesce(${alertSettings.lastEmailAt}, '-infinity'::timestamptz) + make_interval(mins => ${ALERT_LIMITS.emailIntervalMinutes})))`,
    })
    .where(inArray(alertSettings.userId, [...userIds]))
}

/**
 * Sends the alert mail of one user whose mail is due (FOR UPDATE SKIP LOCKED: one instance takes each),
 * in one transaction: the alerts waiting for it (of the kinds still switched on) become ONE queued mail,
 * they stop waiting, and the next mail may go 15 minutes later. Returns whether a user was due.
 */
export async function sendNextAlertMail(
  deps: DigestDeps,
): Promise<{ userId: string; mailed: number } | null> {
  return deps.db.transaction(async (tx) => {
    const [due] = await tx
      .select({
        userId: alertSettings.userId,
        emailRestock: alertSettings.emailRestock,
        emailValue: alertSettings.emailValue,
        emailTrades: alertSettings.emailTrades,
      })
      .from(alertSettings)
      .where(lte(alertSettings.emailDueAt, sql`now()`))
      .orderBy(asc(alertSettings.emailDueAt))
      .limit(1)
      .for('update', { skipLocked: true })
    if (!due) return null
    const pending = await tx
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, due.userId), eq(notifications.emailPending, true)))
      .orderBy(sql`${notifications.id} desc`)
    const on = { restock: due.emailRestock, value: due.emailValue, trades: due.emailTrades }
    // A trade notice the trader has read on the site meanwhile is not mailed.
    const wanted = pending.filter((n) => {
      const kind = mailKindOf(n.kind)
      return kind !== null && on[kind] && (kind !== 'trades' || n.readAt === null)
    })
    if (pending.length > 0)
      await tx
        .update(notifications)
        .set({ emailPending: false })
        .where(
          inArray(
            notifications.id,
            pending.map((n) => n.id),
          ),
        )
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, due.userId))
    if (wanted.length === 0 || !user) {
      await tx.update(alertSettings).set({ emailDueAt: null }).where(eq(alertSettings.userId, due.userId))
      return { userId: due.userId, mailed: 0 }
    }
    const mail = renderAlertMail({
      publicUrl: deps.publicUrl,
      items: wanted,
      unsubscribeUrl: (kind) => alertUnsubscribeUrl(deps.publicUrl, deps.secret, due.userId, kind),
    })
    await enqueueMail(tx as unknown as Db, { to: user.email, ...mail, priority: MAIL_PRIORITY.bulk })
    await tx
      .update(alertSettings)
      .set({ lastEmailAt: sql`now()`, emailDueAt: null })
      .where(eq(alertSettings.userId, due.userId))
    return { userId: due.userId, mailed: wanted.length }
  })
}

export interface AlertMailWorkerOptions {
  database: Database
  logger: Logger
  publicUrl: string
  secret: string
  /** How often due mail is looked for (mail comes due with time, not only with events). */
  pollMs?: number
}

/**
 * Sends alert mail as it comes due. Woken by the alert worker when it makes a mail due now, and by a
 * poll for mail that comes due later (15 minutes after the last one) or on another instance.
 */
export class AlertMailWorker extends LoopWorker {
  constructor(private readonly options: AlertMailWorkerOptions) {
    super({ pollMs: options.pollMs ?? 5_000, logger: options.logger, failure: 'alert mail not sent' })
  }

  protected async drain(loop: { readonly stopped: boolean }): Promise<void> {
    const { database, publicUrl, secret } = this.options
    while (!loop.stopped) {
      const sent = await sendNextAlertMail({ db: database.db, publicUrl, secret })
      if (!sent) return
    }
  }
}
