import { escapeHtml } from '@/platform/server/lib/html'
import { SITE_NAME } from '@/shared/page-info'

export interface MailContent {
  subject: string
  heading: string
  /** Plain sentences; each becomes a paragraph. */
  paragraphs: string[]
  button: { label: string; url: string }
  /** How long the link works, e.g. 'The button works for 1 hour.' */
  expiry: string
  /** Why the reader got the mail and what to do if it was not them. */
  footer: string
  /** A link at the end of the footer (e.g. Unsubscribe). */
  footerLink?: { label: string; url: string }
  /** A section after the button: its HTML (escaped by the caller) and the same words as text lines. */
  section?: { html: string; text: string[] }
}

/**
 * A mail of the site (account and launch list): HTML (one 560 px column with inline styles, readable without images) and the same
 * words as plain text.
 */
export function renderMail(content: MailContent) {
  const { subject, heading, paragraphs, button, expiry, footer, footerLink, section } = content
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${button.label}: ${button.url}`,
    '',
    expiry,
    '',
    ...(section ? [...section.text, ''] : []),
    footer,
    ...(footerLink ? [`${footerLink.label}: ${footerLink.url}`] : []),
  ].join('\n')
  const url = escapeHtml(button.url)
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;">
<tr><td style="padding:28px 24px 8px;">
<p style="margin:0;font-size:20px;font-weight:700;color:#0b0f17;">Trade<span style="color:#059669;">Hub</span></p>
<h1 style="margin:20px 0 8px;font-size:22px;line-height:1.3;color:#0b0f17;">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(p)}</p>`).join('\n')}
</td></tr>
<tr><td align="center" style="padding:0 24px 8px;">
<a href="${url}" style="display:inline-block;background:#10b981;color:#04130d;font-size:16px;font-weight:700;text-decoration:none;padding:14px 28px;border-radius:8px;">${escapeHtml(button.label)}</a>
</td></tr>
<tr><td style="padding:12px 24px 20px;">
<p style="margin:0;font-size:13px;line-height:1.5;color:#4b5563;">${escapeHtml(expiry)} If it does not open, paste this link into your browser:<br><a href="${url}" style="color:#047857;word-break:break-all;">${url}</a></p>
</td></tr>
${section ? `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;">\n${section.html}\n</td></tr>` : ''}
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e7eb;">
<p style="margin:0;font-size:12px;line-height:1.5;color:#6b7280;">${escapeHtml(footer)} — ${escapeHtml(SITE_NAME)}${footerLink ? ` <a href="${escapeHtml(footerLink.url)}" style="color:#6b7280;">${escapeHtml(footerLink.label)}</a>` : ''}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`
  return { subject, html, text }
}
