import { escapeHtml } from '@/server/lib/html'
import { SITE_NAME } from '@/shared/pages'

export const VERIFY_SUBJECT = 'Verify Your Email for Early Launch Access'

export interface VerifyMailInput {
  publicUrl: string
  verifyUrl: string
  unsubscribeUrl: string
  oneClickUnsubscribeUrl: string
}

/**
 * The verification mail: HTML (a single 560 px column with inline styles, readable in narrow mail
 * clients and without images) and plain text, with one-click unsubscribe headers (RFC 8058).
 */
export function renderVerifyMail({
  publicUrl,
  verifyUrl,
  unsubscribeUrl,
  oneClickUnsubscribeUrl,
}: VerifyMailInput) {
  const guideUrl = `${publicUrl}/safe-sender-guide`
  const text = [
    `Welcome to the ${SITE_NAME} early-access list!`,
    '',
    'Confirm your e-mail address to keep your spot (this link works for 48 hours):',
    verifyUrl,
    '',
    'As an OG member you get a profile badge, early access and an automatic entry into the launch-day giveaway.',
    '',
    'Make sure our launch e-mails reach your inbox:',
    '- Gmail: if this mail is in Spam, open it and choose "Report not spam", then add the sender to your contacts.',
    '- Outlook: choose "Not junk", or add the sender under Settings > Mail > Junk email > Safe senders.',
    '- Yahoo Mail: choose "Not spam" and add the sender to your contacts.',
    `Step-by-step guide: ${guideUrl}`,
    '',
    "If you did not sign up, ignore this mail: you won't be added without confirming.",
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n')

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(VERIFY_SUBJECT)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;">
<tr><td style="padding:28px 24px 8px;">
<p style="margin:0;font-size:20px;font-weight:700;color:#0b0f17;">Trade<span style="color:#059669;">Hub</span></p>
<h1 style="margin:20px 0 8px;font-size:22px;line-height:1.3;color:#0b0f17;">Confirm your early-access spot</h1>
<p style="margin:0 0 20px;font-size:16px;line-height:1.5;">Thanks for joining the ${escapeHtml(SITE_NAME)} launch list. Confirm your e-mail address to keep your OG spot: a profile badge, early access and an automatic entry into the launch-day giveaway.</p>
</td></tr>
<tr><td align="center" style="padding:0 24px 8px;">
<a href="${escapeHtml(verifyUrl)}" style="display:inline-block;background:#10b981;color:#04130d;font-size:16px;font-weight:700;text-decoration:none;padding:14px 28px;border-radius:8px;">Verify my e-mail</a>
</td></tr>
<tr><td style="padding:12px 24px 20px;">
<p style="margin:0;font-size:13px;line-height:1.5;color:#4b5563;">The button works for 48 hours. If it does not open, paste this link into your browser:<br><a href="${escapeHtml(verifyUrl)}" style="color:#047857;word-break:break-all;">${escapeHtml(verifyUrl)}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;">
<p style="margin:0 0 8px;font-size:14px;font-weight:700;">Make sure our launch mails reach your inbox</p>
<ul style="margin:0;padding-left:18px;font-size:14px;line-height:1.5;color:#374151;">
<li><strong>Gmail:</strong> if this mail is in Spam, open it and choose &ldquo;Report not spam&rdquo;, then add the sender to your contacts.</li>
<li><strong>Outlook:</strong> choose &ldquo;Not junk&rdquo;, or add the sender under Settings &rsaquo; Mail &rsaquo; Junk email &rsaquo; Safe senders.</li>
<li><strong>Yahoo Mail:</strong> choose &ldquo;Not spam&rdquo; and add the sender to your contacts.</li>
</ul>
<p style="margin:8px 0 0;font-size:14px;"><a href="${escapeHtml(guideUrl)}" style="color:#047857;">Read the step-by-step safe sender guide</a></p>
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e7eb;">
<p style="margin:0;font-size:12px;line-height:1.5;color:#6b7280;">You get this mail because this address was entered on the ${escapeHtml(SITE_NAME)} launch list. If that was not you, ignore it: nobody is added without confirming. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280;">Unsubscribe</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`

  return {
    subject: VERIFY_SUBJECT,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
