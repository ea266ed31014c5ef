import { Link } from 'react-router'
import { Page, Prose, SoonBadge } from '@/web/components/ui/page'
import { TeamLink } from '@/web/features/landing/public'

/** /escrow-service: how middleman escrow will work once the marketplace opens. */
export function EscrowServicePage() {
  return (
    <Page
      title="Escrow service"
      lead={
        <>
          Middleman escrow will let two traders swap items without either side having to trust the other first{' '}
          <SoonBadge />.
        </>
      }
    >
      <Prose>
        <h2>Not available yet</h2>
        <p>
          The escrow service is part of the TradeHub marketplace, which has not launched. TradeHub does not
          run any middleman service today.{' '}
          <strong>Anyone who claims to be a TradeHub middleman right now is not one</strong>, and you should
          not send them anything.
        </p>

        <h2>How it will work</h2>
        <p>The design may still change before launch, but the plan is:</p>
        <ol>
          <li>Two traders agree on a trade on the marketplace, with both sides listed on TradeHub.</li>
          <li>A middleman assigned by TradeHub, and shown on the trade page, joins the trade.</li>
          <li>
            Both traders hand their items to the middleman. The middleman checks that both sides match what
            was agreed.
          </li>
          <li>Only when both sides are complete does the middleman pass each side on to the other trader.</li>
          <li>
            If something goes wrong, the items are returned and the case goes to the{' '}
            <Link to="/dispute-center">dispute center</Link>.
          </li>
        </ol>
        <p>
          The middleman for a trade will be named on the TradeHub trade page itself. A middleman who contacts
          you first, in direct messages or in game, will never be a real TradeHub middleman.
        </p>

        <h2>Trading safely until then</h2>
        <ul>
          <li>
            Use the game's own trade window when the game has one. It swaps both sides at once, so no
            middleman is needed.
          </li>
          <li>
            Be very careful with middlemen you did not choose yourself. A common scam is a second account
            posing as a "trusted" middleman.
          </li>
          <li>Never go first in a trade that is not done through the trade window.</li>
          <li>
            Check both sides in the <Link to="/values-and-wfl">WFL calculator</Link> before you agree.
          </li>
          <li>Record the trade, including usernames, in case you need to report it.</li>
          <li>Never give your password, two-step verification code or .ROBLOSECURITY cookie to anyone.</li>
        </ul>

        <h2>Hear when it launches</h2>
        <p>
          Join the early-access launch list on the <Link to="/">home page</Link> and we will e-mail you when
          the marketplace and escrow open. Questions are welcome through <TeamLink />.
        </p>
      </Prose>
    </Page>
  )
}
