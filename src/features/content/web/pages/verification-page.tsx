import { Link } from 'react-router'
import { Page, Prose } from '@/platform/web/components/ui/page'
import { lazy } from '@/platform/web/lib/lazy'
import { Part } from '@/platform/web/lib/part'

/** The flow checks with the shared schemas: its code (zod's with it) loads apart from the page's. */
const VerificationFlow = lazy(async () => ({
  default: (await import('../components/verification-flow')).VerificationFlow,
}))

/** /verification and /verify: verify the Roblox account you trade with, and how it works. */
export function VerificationPage() {
  return (
    <Page
      title="Trader verification"
      lead="Verified traders carry a badge on their profile, ads and offers that shows they own the Roblox account they trade with."
    >
      <Part>
        <VerificationFlow />
      </Part>

      <Prose>
        <h2>Why verification</h2>
        <p>
          Impersonation is one of the most common tricks in Roblox trading: a scammer copies a well-known
          trader's name and picture and asks for items. Verification links a TradeHub profile to one Roblox
          account, so other traders can see that the person they are talking to really is who the profile
          says.
        </p>

        <h2>How it works</h2>
        <ol>
          <li>Sign in to your TradeHub account and enter the username of your Roblox account above.</li>
          <li>
            TradeHub shows a phrase of six plain words. Put it in the About section of your Roblox profile
            within 30 minutes (words, not a code: Roblox hides codes in an About). Entering the same username
            again in those 30 minutes shows the same phrase.
          </li>
          <li>
            Press Check: TradeHub reads your public Roblox profile and links the account when the phrase is
            there. One Roblox account can be linked to one TradeHub account only.
          </li>
          <li>Once the check passes, you can remove the phrase. Your profile shows the verified badge.</li>
        </ol>
        <p>
          Verification never asks for your Roblox password, a 2-step verification code or your .ROBLOSECURITY
          cookie, and it never costs items, Robux or money. Anyone who asks for these to "verify" you is
          running a scam.
        </p>

        <h2>What a badge means, and what it does not</h2>
        <ul>
          <li>It means the owner of the profile controls the linked Roblox account.</li>
          <li>
            It does not mean TradeHub vouches for every trade that person makes. Keep checking values and
            using the in-game trade window.
          </li>
          <li>Badges can be removed from accounts that break the rules or that impersonate others.</li>
        </ul>

        <h2>What you can do now</h2>
        <ul>
          <li>
            <Link to="/sign-in">Create an account</Link> and set up your profile.
          </li>
          <li>
            Trade in the <Link to="/trading">marketplace</Link>: the badge shows on every ad and offer.
          </li>
          <li>
            Read the <Link to="/trust-and-security">trust &amp; security</Link> page to learn how to spot fake
            traders today.
          </li>
        </ul>
      </Prose>
    </Page>
  )
}
