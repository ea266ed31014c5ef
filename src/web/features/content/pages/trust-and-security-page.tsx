import { Link } from 'react-router'
import { Page, Prose, SoonBadge } from '@/web/components/ui/page'
import { TeamLink } from '@/web/features/landing/public'

/** /trust-and-security: how the site protects accounts and data, and how to avoid scams. */
export function TrustAndSecurityPage() {
  return (
    <Page
      title="Trust & security"
      lead="How TradeHub protects your account and data, and how to keep your items safe when you trade."
    >
      <Prose>
        <h2>What TradeHub will never ask for</h2>
        <ul>
          <li>Your Roblox password or two-step verification codes.</li>
          <li>Your .ROBLOSECURITY cookie, or anything copied from your browser's developer tools.</li>
          <li>Items, Robux or money in exchange for a value check, a badge or verification.</li>
          <li>That you download a program or browser extension.</li>
        </ul>
        <p>
          TradeHub never connects to your Roblox account and never needs access to it. If someone asks for any
          of the above in TradeHub's name, it is a scam. Report it through <TeamLink />.
        </p>

        <h2>How we protect your TradeHub account</h2>
        <ul>
          <li>The site is served over HTTPS only.</li>
          <li>Passwords are stored as hashes, never in plain text, so they cannot be read back.</li>
          <li>
            Sign-in uses an httpOnly session cookie, which scripts on the page cannot read. It is used for
            signing in only.
          </li>
          <li>There are no advertising cookies or third-party trackers on TradeHub.</li>
          <li>
            We store only what the site needs. The <Link to="/privacy">privacy policy</Link> lists all of it.
          </li>
        </ul>
        <p>
          Use a password that you do not use anywhere else, and never the same one as your Roblox or e-mail
          account.
        </p>

        <h2>Trading without getting scammed</h2>
        <ol>
          <li>
            Check every item in the <Link to="/values-and-wfl">values and WFL calculator</Link> before you
            agree.
          </li>
          <li>Use the game's own trade window. It swaps both sides at the same moment.</li>
          <li>
            Read the final confirmation screen. Look-alike items and last-second changes are common tricks.
          </li>
          <li>
            Do not go first in trades outside the trade window, and be wary of middlemen you did not choose.
          </li>
          <li>Record the trade or take screenshots that show both usernames.</li>
          <li>Ignore links to "free items", giveaways and sign-in pages sent by strangers.</li>
        </ol>

        <h2>
          Coming with the marketplace <SoonBadge />
        </h2>
        <p>The marketplace will add more protection, described on its own pages:</p>
        <ul>
          <li>
            <Link to="/escrow-service">Escrow service</Link>: middlemen assigned by TradeHub hold both sides
            of a trade.
          </li>
          <li>
            <Link to="/verification">Trader verification</Link>: a badge for traders who have proved they own
            the Roblox account they trade with.
          </li>
          <li>
            <Link to="/dispute-center">Dispute center</Link>: a place to report trades that went wrong.
          </li>
          <li>Reputation from completed trades, shown on trader profiles.</li>
        </ul>

        <h2>Report a problem</h2>
        <p>
          Found a security problem on the site, or someone pretending to be TradeHub? Tell us through{' '}
          <TeamLink />. Scams that happen inside a game should also be reported to Roblox with the in-game
          report tool.
        </p>
      </Prose>
    </Page>
  )
}
