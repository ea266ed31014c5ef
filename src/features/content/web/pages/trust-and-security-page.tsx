import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { TeamLink } from '@/features/landing/web/public'
import { trustFiguresQuery } from '@/features/trust/web/public'
import { Figures } from '@/platform/web/components/ui/figures'
import { Page, Prose } from '@/platform/web/components/ui/page'
import { formatCount } from '@/platform/web/lib/format'
import { type PrefetchArgs, prefetch } from '@/platform/web/lib/query-client'

/** The page's loader: the live figures, in the HTML the server renders. */
export function prefetchTrustFigures({ context }: PrefetchArgs) {
  prefetch(context, trustFiguresQuery)
  return null
}

/** "3.5 hours", "Under 1 hour", "—" (nothing handled yet). */
const hours = (h: number | null) =>
  h === null ? '—' : h < 1 ? 'Under 1 hour' : `${h} ${h === 1 ? 'hour' : 'hours'}`

/** The live, anonymous figures: reports handled and how fast, verified traders (server-rendered). */
function TrustFigures() {
  const { data, isPending, isError } = useQuery(trustFiguresQuery)
  if (isError) return null
  const figures = [
    {
      label: `reports handled in the last ${data?.days ?? 30} days`,
      value: data ? formatCount(data.reportsHandled) : '…',
    },
    { label: 'median time to handle a report', value: data ? hours(data.medianHoursToHandle) : '…' },
    { label: 'verified traders', value: data ? formatCount(data.verifiedTraders) : '…' },
  ]
  return (
    <section aria-labelledby="trust-figures" aria-busy={isPending} className="mb-10">
      <h2 id="trust-figures" className="font-semibold text-xl">
        Trust on TradeHub, live
      </h2>
      <Figures figures={figures} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3" />
      <p className="mt-2 text-muted text-xs">Anonymous figures, updated as moderators work.</p>
    </section>
  )
}

/** /trust-and-security: live figures, what the site does to make traders trustworthy, how to avoid scams. */
export function TrustAndSecurityPage() {
  return (
    <Page
      title="Trust & security"
      lead="How TradeHub helps you know who you trade with, how it protects your account, and how to keep your items safe."
    >
      <TrustFigures />
      <Prose>
        <h2>Know who you trade with</h2>
        <ul>
          <li>
            <strong>Verified Roblox accounts.</strong> Traders <Link to="/verification">verify</Link> that
            they own their Roblox account by putting a phrase in their Roblox profile's About. They then get a
            Verified badge with their Roblox name and picture on their profile, ads, offers and messages.
            Check that the name on the badge is the account you see in the game's trade window. On{' '}
            <Link to="/trading">Trade ads</Link> you can show verified traders only.
          </li>
          <li>
            <strong>Reviews after confirmed trades.</strong> Once both traders confirm a trade, each can
            review the other within 14 days. A trader's rating and completed trades show on their ads and
            profile. Reviews from accounts younger than 3 days are marked "new account".
          </li>
          <li>
            <strong>Block.</strong> A trader you block cannot offer on your ads, message you or review you,
            and you no longer see their ads.
          </li>
          <li>
            <strong>Report.</strong> Report an ad, a message, a review, a value suggestion or a trader.
            TradeHub's moderators read every report: they can hide what breaks the rules, warn its author or
            suspend the account.
          </li>
        </ul>

        <h2>What TradeHub will never ask for</h2>
        <ul>
          <li>Your Roblox password or two-step verification codes.</li>
          <li>Your .ROBLOSECURITY cookie, or anything copied from your browser's developer tools.</li>
          <li>Items, Robux or money in exchange for a value check, a badge or verification.</li>
          <li>That you download a program or browser extension.</li>
        </ul>
        <p>
          TradeHub never needs access to your Roblox account: verification only reads your public profile. If
          someone asks for any of the above in TradeHub's name, it is a scam. Report them, or tell us through{' '}
          <TeamLink />.
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
            <strong>Never give first.</strong> Anyone who asks you to send your side first, "to build trust",
            is very likely a scammer.
          </li>
          <li>Use the game's own trade window. It swaps both sides at the same moment.</li>
          <li>
            Check every item in the <Link to="/values-and-wfl">values and WFL calculator</Link> before you
            agree.
          </li>
          <li>
            Prefer verified traders with good reviews. Vouches in Discord servers or screenshots are easy to
            fake; reviews on TradeHub exist only for trades both traders confirmed.
          </li>
          <li>
            Read the final confirmation screen. Look-alike items and last-second changes are common tricks.
          </li>
          <li>
            Be wary of middlemen you did not choose. Check anyone who says they are a TradeHub middleman on
            the <Link to="/escrow-service">escrow service</Link> page, or request one on your accepted trade.
          </li>
          <li>Record the trade or take screenshots that show both usernames.</li>
          <li>Ignore links to "free items", giveaways and sign-in pages sent by strangers.</li>
        </ol>

        <h2>Middlemen and disputes</h2>
        <ul>
          <li>
            <Link to="/escrow-service">Escrow service</Link>: official TradeHub middlemen hold one side of an
            accepted trade in the game until the other side has delivered.
          </li>
          <li>
            <Link to="/dispute-center">Dispute center</Link>: open a dispute on a trade that went wrong, with
            screenshots; a moderator decides.
          </li>
        </ul>

        <h2>Report a problem</h2>
        <p>
          Use Report on the ad, message, review or profile: a moderator reads it. Found a security problem on
          the site, or someone pretending to be TradeHub? Tell us through <TeamLink />. Scams that happen
          inside a game should also be reported to Roblox with the in-game report tool.
        </p>
      </Prose>
    </Page>
  )
}
