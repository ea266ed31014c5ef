import { type Context, Hono } from 'hono'
import {
  ALERT_UNSUBSCRIBE_MESSAGES,
  type AlertUnsubscribeKind,
  alertUnsubscribeQuerySchema,
} from '@/features/alerts/contract'
import type { AppEnv } from '@/platform/server/context'
import { clientIp } from '@/platform/server/lib/client-ip'
import { AppError } from '@/platform/server/lib/errors'
import { escapeHtml } from '@/platform/server/lib/html'
import { hitRateLimit, limitsFor } from '@/platform/server/lib/rate-limit'
import { queryParams } from '@/platform/server/lib/validate'
import { SITE_NAME } from '@/shared/page-info'
import { switchAlertMailOff, userOfUnsubscribeToken } from './unsubscribe'

/**
 * Wrong tokens from one address (guessing). Only failures count: a mail provider posts the one-click
 * unsubscribes of many users from few addresses, and those must all work.
 */
const LIMITS = { unsubscribeFailuresPerIp: { max: 30, windowSeconds: 600 } }
const TOO_MANY = 'Too many unsubscribe links that do not work from this address. Try again later.'

/** The user the link was made for; a wrong token counts against the address, then 400. */
async function userOfLink(c: Context<AppEnv>, kind: AlertUnsubscribeKind, token: string): Promise<string> {
  const { secret, env, database, limits } = c.var.deps
  const userId = userOfUnsubscribeToken(secret, kind, token)
  if (userId) return userId
  const limit = limitsFor(LIMITS, limits, 'alerts').unsubscribeFailuresPerIp
  await hitRateLimit(database.db, `alert-unsubscribe:${clientIp(c, env.TRUST_PROXY)}`, limit, TOO_MANY)
  throw new AppError('BAD_REQUEST', ALERT_UNSUBSCRIBE_MESSAGES.invalid, {
    fields: { token: ALERT_UNSUBSCRIBE_MESSAGES.invalid },
  })
}

/** A small page of its own (no script): what a person sees when opening the link of an alert mail. */
function page(title: string, inner: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ${escapeHtml(SITE_NAME)}</title>
</head>
<body style="margin:0;background:#0b0f17;color:#e5e7eb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;">
<main style="max-width:480px;margin:64px auto;padding:24px;background:#111827;border-radius:12px;">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;">Trade<span style="color:#34d399;">Hub</span></p>
<h1 style="margin:0 0 12px;font-size:22px;">${escapeHtml(title)}</h1>
${inner}
<p style="margin:24px 0 0;"><a href="/" style="color:#34d399;">Back to ${escapeHtml(SITE_NAME)}</a></p>
</main>
</body>
</html>`
}

const answerHtml = (c: Context, html: string, status: 200 | 400 | 429 = 200) => {
  c.header('Cache-Control', 'private, no-store')
  return c.html(html, status)
}

/** A person submitting the page's form (rather than a mail provider's one-click POST) wants a page back. */
const wantsPage = (c: Context) => (c.req.header('accept') ?? '').includes('text/html')

/**
 * /api/alert-unsubscribe: the unsubscribe links of alert mails. POST (RFC 8058 one-click, or the page's
 * button) switches that kind of alert mail off; GET never changes anything and shows the button.
 */
export const unsubscribeRoutes = new Hono<AppEnv>()
  .post('/', queryParams(alertUnsubscribeQuerySchema), async (c) => {
    const { kind, token } = c.req.valid('query')
    await switchAlertMailOff(c.var.deps.database.db, await userOfLink(c, kind, token), kind)
    if (wantsPage(c)) {
      const done = ALERT_UNSUBSCRIBE_MESSAGES.done[kind]
      return answerHtml(
        c,
        page('Unsubscribed', `<p style="margin:0;line-height:1.5;">${escapeHtml(done)}</p>`),
      )
    }
    c.header('Cache-Control', 'private, no-store')
    return c.json({ unsubscribed: kind as AlertUnsubscribeKind })
  })
  .get('/', queryParams(alertUnsubscribeQuerySchema), async (c) => {
    const { kind, token } = c.req.valid('query')
    try {
      await userOfLink(c, kind, token)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      if (error.options.retryAfterSeconds) c.header('Retry-After', String(error.options.retryAfterSeconds))
      const message = `<p style="margin:0;line-height:1.5;">${escapeHtml(error.message)}</p>`
      return answerHtml(c, page('This link does not work', message), error.status === 429 ? 429 : 400)
    }
    const label = ALERT_UNSUBSCRIBE_MESSAGES.confirm[kind]
    const action = `/api/alert-unsubscribe?kind=${kind}&token=${encodeURIComponent(token)}`
    return answerHtml(
      c,
      page(
        label,
        `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font:inherit;font-weight:700;background:#10b981;color:#04130d;border:0;border-radius:8px;padding:12px 20px;cursor:pointer;">${escapeHtml(label)}</button>
</form>`,
      ),
    )
  })
