import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database, Db } from '@/server/db/client'
import { alertSettings, notifications, users } from '@/server/db/schema'
import { escapeHtml } from '@/server/lib/html'
import type { Logger } from '@/server/lib/logger'
import { renderMail } from '@/server/lib/mail/layout'
import { enqueueMail, MAIL_PRIORITY } from '@/server/lib/mail/outbox'
import { LoopWorker } from '@/server/lib/wake-loop'
import { ALERT_LIMITS, ALERT_UNSUBSCRIBE_MESSAGES, type AlertUnsubscribeKind } from '@/shared/alerts'
import { SITE_NAME } from '@/shared/pages'
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

/** Kinds of alert mail a user can stop, as the mail offers them. */
const STOPPABLE = ['restock', 'value'] as const

/**
 * One alert mail: the single alert's title as its subject (or "3 new alerts on TradeHub"), each alert
 * with its link, and a one-click unsubscribe (RFC 8058) for the kinds it carries.
 */
export function renderAlertMail(input: {
  publicUrl: string
  items: readonly AlertMailItem[]
  /** The unsubscribe address of each kind (and of both). */
  unsubscribeUrl: (kind: AlertUnsubscribeKind) => string
}) {
  const { publicUrl, items, unsubscribeUrl } = input
  const [first] = items
  if (!first) throw new Error('an alert mail needs an alert')
  const single = items.length === 1
  const subject = single ? first.title : `${items.length} new alerts on ${SITE_NAME}`
  const kinds = STOPPABLE.filter((kind) => items.some((i) => i.kind === kind))
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
    paragraphs: single
      ? [first.body]
      : [`What happened to the items and rules you watch since the last alert e-mail:`],
    button: { label: single ? `See it on ${SITE_NAME}` : 'See the latest alert', url: url(first.link) },
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
    footer: `You get this mail because you turned on alert e-mails on ${SITE_NAME} and watch these items.`,
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
      })
      .from(notifications)
      .where(and(eq(notifications.userId, due.userId), eq(notifications.emailPending, true)))
      .orderBy(sql`${notifications.id} desc`)
    const wanted = pending.filter(
      (n) => (n.kind === 'restock' && due.emailRestock) || (n.kind === 'value' && due.emailValue),
    )
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
