import { Hono } from 'hono'
import type { AppEnv } from '@/platform/server/context'
import { escapeHtml } from '@/platform/server/lib/html'
import { readMailbox } from './transport'

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;line-height:1.5">${body}</body></html>`

/**
 * The local mailbox (only when SMTP_URL is unset): every mail the site "sent", so a developer on
 * `npm start` can open verification links. `/dev/mailbox/:id` shows one mail as it would render.
 */
export const mailboxRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const mails = await readMailbox(c.var.deps.env.DATA_DIR)
    const rows = mails
      .map(
        (m) =>
          `<li style="margin:8px 0"><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a><br><small>to ${escapeHtml(m.to)} · ${escapeHtml(m.date)}</small></li>`,
      )
      .join('')
    c.header('Cache-Control', 'no-store')
    return c.html(
      page(
        'Local mailbox',
        `<h1>Local mailbox</h1><p>Mails are written here because <code>SMTP_URL</code> is not set. Newest first.</p>${rows ? `<ul style="padding-left:18px">${rows}</ul>` : '<p>No mail yet.</p>'}`,
      ),
    )
  })
  .get('/:id{[0-9]+}', async (c) => {
    const mail = (await readMailbox(c.var.deps.env.DATA_DIR)).find((m) => m.id === Number(c.req.param('id')))
    if (!mail) return c.notFound()
    c.header('Cache-Control', 'no-store')
    return c.html(mail.html || page(mail.subject, `<pre>${escapeHtml(mail.text)}</pre>`))
  })
