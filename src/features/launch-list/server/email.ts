import { escapeHtml } from '@/platform/server/lib/html'
import { renderMail } from '@/platform/server/lib/mail/layout'
import { SITE_NAME } from '@/shared/page-info'

export const VERIFY_SUBJECT = 'Verify Your Email for Early Launch Access'

export interface VerifyMailInput {
  publicUrl: string
  verifyUrl: string
  unsubscribeUrl: string
  oneClickUnsubscribeUrl: string
}

const SAFE_SENDER_STEPS: [provider: string, step: string][] = [
  [
    'Gmail',
    'if this mail is in Spam, open it and choose “Report not spam”, then add the sender to your contacts.',
  ],
  ['Outlook', 'choose “Not junk”, or add the sender under Settings › Mail › Junk email › Safe senders.'],
  ['Yahoo Mail', 'choose “Not spam” and add the sender to your contacts.'],
]

/**
 * The launch-list verification mail (docs/product.md §7): a verify button, how to keep our mail out of spam
 * at three providers with a link to the safe sender guide, and one-click unsubscribe headers (RFC 8058).
 */
export function renderVerifyMail({
  publicUrl,
  verifyUrl,
  unsubscribeUrl,
  oneClickUnsubscribeUrl,
}: VerifyMailInput) {
  const guideUrl = `${publicUrl}/safe-sender-guide`
  const mail = renderMail({
    subject: VERIFY_SUBJECT,
    heading: 'Confirm your early-access spot',
    paragraphs: [
      `Thanks for joining the ${SITE_NAME} launch list. Confirm your e-mail address to keep your OG spot: a profile badge, early access and an automatic entry into the launch-day giveaway.`,
    ],
    button: { label: 'Verify my e-mail', url: verifyUrl },
    expiry: 'The button works for 48 hours.',
    section: {
      html: `<p style="margin:0 0 8px;font-size:14px;font-weight:700;">Make sure our launch mails reach your inbox</p>
<ul style="margin:0;padding-left:18px;font-size:14px;line-height:1.5;color:#374151;">
${SAFE_SENDER_STEPS.map(([provider, step]) => `<li><strong>${provider}:</strong> ${escapeHtml(step)}</li>`).join('\n')}
</ul>
<p style="margin:8px 0 0;font-size:14px;"><a href="${escapeHtml(guideUrl)}" style="color:#047857;">Read the step-by-step safe sender guide</a></p>`,
      text: [
        'Make sure our launch e-mails reach your inbox:',
        ...SAFE_SENDER_STEPS.map(([provider, step]) => `- ${provider}: ${step}`),
        `Step-by-step guide: ${guideUrl}`,
      ],
    },
    footer: `You get this mail because this address was entered on the ${SITE_NAME} launch list. If that was not you, ignore it: nobody is added without confirming.`,
    footerLink: { label: 'Unsubscribe', url: unsubscribeUrl },
  })
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
