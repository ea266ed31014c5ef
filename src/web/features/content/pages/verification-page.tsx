import { Link } from 'react-router'
import { Page, Prose, SoonBadge } from '@/web/components/ui/page'

/** /verification and /verify: how trader verification will work. */
export function VerificationPage() {
  return (
    <Page
      title="Trader verification"
      lead={
        <>
          Verified traders will carry a badge on their TradeHub profile that shows they own the Roblox account
          they trade with <SoonBadge />.
        </>
      }
    >
      <Prose>
        <h2>Why verification</h2>
        <p>
          Impersonation is one of the most common tricks in Roblox trading: a scammer copies a well-known
          trader's name and picture and asks for items. Verification will link a TradeHub profile to one
          Roblox account, so other traders can see that the person they are talking to really is who the
          profile says.
        </p>

        <h2>How it will work</h2>
        <p>Verification is not open yet, and the details may change before launch. The plan is:</p>
        <ol>
          <li>
            Sign in to your TradeHub account and start verification from your{' '}
            <Link to="/profile">profile</Link>.
          </li>
          <li>Enter the username of your Roblox account.</li>
          <li>
            Prove that the account is yours by placing a short code that TradeHub shows you in a public part
            of your Roblox profile, such as the About section. TradeHub checks that the code is there.
          </li>
          <li>Once the check passes, you can remove the code. Your profile shows the verified badge.</li>
        </ol>
        <p>
          Verification will never ask for your Roblox password, a 2-step verification code or your
          .ROBLOSECURITY cookie, and it will never cost items, Robux or money. Anyone who asks for these to
          "verify" you is running a scam.
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
            Join the early-access launch list on the <Link to="/">home page</Link> to hear when verification
            and the marketplace open.
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
