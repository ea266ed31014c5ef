import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import type { Env } from '@/platform/server/env'
import type { Logger } from '@/platform/server/lib/logger'
import { mailboxDir } from '@/platform/server/lib/paths'

export interface MailMessage {
  id: number
  to: string
  subject: string
  html: string
  text: string
  headers: Record<string, string>
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox'
  send(message: MailMessage): Promise<void>
  close(): void
}

/** The Message-ID derived from the outbox row, so a retry after an uncertain send is recognisable. */
export function messageIdFor(id: number, publicUrl: string): string {
  return `<outbox-${id}@${new URL(publicUrl).hostname}>`
}

export interface MailboxEntry {
  id: number
  to: string
  from: string
  subject: string
  html: string
  text: string
  headers: Record<string, string>
  messageId: string
  date: string
}

/** SMTP when SMTP_URL is set; otherwise the local mailbox in DATA_DIR/mail, with each link logged. */
export function createMailTransport(env: Env, logger: Logger): MailTransport {
  const from = env.MAIL_FROM
  const base = (m: MailMessage) => ({
    from,
    to: m.to,
    subject: m.subject,
    html: m.html,
    text: m.text,
    headers: m.headers,
    messageId: messageIdFor(m.id, env.PUBLIC_URL),
  })

  if (env.SMTP_URL) {
    // Every timeout ends well inside the worker's 60 s lease, so a stalled session cannot outlive its
    // claim and be sent again by another instance.
    const smtp = nodemailer.createTransport(env.SMTP_URL, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as SMTPTransport.Options)
    return {
      kind: 'smtp',
      async send(message) {
        await smtp.sendMail({ ...base(message) })
      },
      close: () => smtp.close(),
    }
  }

  const dir = mailboxDir(env.DATA_DIR)
  return {
    kind: 'mailbox',
    async send(message) {
      const mail = base(message)
      const entry: MailboxEntry = { id: message.id, ...mail, date: new Date().toISOString() }
      await mkdir(dir, { recursive: true })
      // Named by row id: a retry of the same mail overwrites it instead of adding a copy.
      await writeFile(
        path.join(dir, `${String(message.id).padStart(8, '0')}.json`),
        JSON.stringify(entry, null, 2),
      )
      const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0])
      logger.info(
        { to: message.to, subject: message.subject, links },
        'mail written to the local mailbox (/dev/mailbox)',
      )
    },
    close: () => {},
  }
}

export async function readMailbox(dataDir: string): Promise<MailboxEntry[]> {
  const dir = mailboxDir(dataDir)
  const names = await readdir(dir).catch(() => [] as string[])
  const entries = await Promise.all(
    names
      .filter((n) => n.endsWith('.json'))
      .map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as MailboxEntry),
  )
  return entries.sort((a, b) => b.id - a.id)
}
