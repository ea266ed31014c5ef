import { expect } from '@playwright/test'
import type { ReceivedMail } from '../../src/test/smtp-sink'
import { E2E_PORTS } from './ports'

/**
 * Waits for the `nth` mail (1-based) to `to` at the test SMTP peer, of those `which` keeps (an address
 * such as the admin's also gets other mail: contact messages).
 */
export async function waitForMail(
  to: string,
  nth = 1,
  which: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail> {
  let mails: ReceivedMail[] = []
  await expect
    .poll(
      async () => {
        const all: ReceivedMail[] = await (
          await fetch(`http://127.0.0.1:${E2E_PORTS.smtpHttp}/mails?to=${encodeURIComponent(to)}`)
        ).json()
        mails = all.filter(which)
        return mails.length
      },
      // A mail arrives 0.1-0.2 s after the request that sends it: asked every 50 ms at first (the peer is
      // local), not at Playwright's 100, 250, 500 ms, since every set-up account waits for one.
      { timeout: 15_000, intervals: [50, 50, 50, 50, 100, 100, 250], message: `mail ${nth} to ${to}` },
    )
    .toBeGreaterThanOrEqual(nth)
  return mails[nth - 1]!
}

/** The first link in the mail's HTML whose address matches. */
export function linkIn(mail: ReceivedMail, pattern: RegExp): string {
  const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
  const href = hrefs.find((h) => pattern.test(h))
  if (!href) throw new Error(`no link matching ${pattern} in mail "${mail.subject}"`)
  return href
}
