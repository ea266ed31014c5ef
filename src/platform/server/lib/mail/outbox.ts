import { sql } from 'drizzle-orm'
import type { Db } from '@/platform/server/db/client'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { isPlaceholderEmail } from '@/shared/no-email'

export const OUTBOX_CHANNEL = 'outbox'

/** Priorities of the outbox: lower is sent first. */
export const MAIL_PRIORITY = { launch: 1, account: 2, bulk: 5 } as const

export interface OutgoingMail {
  to: string
  subject: string
  html: string
  text: string
  headers?: Record<string, string>
  priority: number
}

/**
 * Queues a mail. Call it inside the transaction of the change that causes the mail: the row and
 * the change commit together, and the NOTIFY (delivered at commit) wakes every worker at once.
 * The placeholder of an account without an e-mail (src/shared/no-email.ts) receives nothing: no row, 0.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<number> {
  if (isPlaceholderEmail(mail.to)) return 0
  const [row] = await db
    .insert(pendingEmails)
    .values({
      toEmail: mail.to,
      subject: mail.subject,
      htmlBody: mail.html,
      textBody: mail.text,
      headers: mail.headers ?? {},
      priority: mail.priority,
    })
    .returning({ id: pendingEmails.id })
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(row!.id)})`)
  return row!.id
}
