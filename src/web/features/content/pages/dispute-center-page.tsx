import { Link } from 'react-router'
import { Page, Prose, SoonBadge } from '@/web/components/ui/page'
import { TeamLink } from '@/web/features/landing/public'

/** /dispute-center: what to do now when a trade goes wrong, and how disputes will work. */
export function DisputeCenterPage() {
  return (
    <Page
      title="Dispute center"
      lead={
        <>
          What to do when a trade goes wrong, and how disputes will be handled once the marketplace opens{' '}
          <SoonBadge />.
        </>
      }
    >
      <Prose>
        <h2>If you were scammed today</h2>
        <p>
          TradeHub does not run trades yet, so it cannot reverse a trade or return items. These steps give you
          the best chance of getting help:
        </p>
        <ol>
          <li>
            <strong>Secure your account first.</strong> If you shared your password, a code or your
            .ROBLOSECURITY cookie, change your Roblox password right away, use "Log out of all other sessions"
            in Roblox's security settings and turn on 2-step verification.
          </li>
          <li>
            <strong>Keep the evidence.</strong> Save recordings, screenshots, usernames, chat messages and the
            time of the trade. Do not delete the conversation.
          </li>
          <li>
            <strong>Report the player to Roblox</strong> with the in-game report tool or through Roblox
            Support. Only Roblox and the game's developers can act on in-game items.
          </li>
          <li>
            <strong>Warn others.</strong> If the scam happened through our community, tell the team through{' '}
            <TeamLink /> so we can act there.
          </li>
        </ol>
        <p>
          Be careful of anyone who offers to "recover" your items for a fee or asks for your login. Recovery
          offers are a common second scam aimed at people who were just scammed.
        </p>

        <h2>How disputes will work</h2>
        <p>When the marketplace and escrow service launch, the plan is:</p>
        <ol>
          <li>Either trader can open a dispute on a marketplace trade from the trade page.</li>
          <li>Both traders can add an explanation and evidence such as screenshots or recordings.</li>
          <li>
            TradeHub staff review the trade record, the evidence and what the{' '}
            <Link to="/escrow-service">escrow</Link> middleman saw.
          </li>
          <li>
            Items held in escrow stay there until the dispute is decided, then go to the trader they belong
            to.
          </li>
          <li>The outcome can affect each trader's reputation on TradeHub.</li>
        </ol>
        <p>
          Disputes will only cover trades made through the TradeHub marketplace, because those are the only
          trades TradeHub can see.
        </p>

        <h2>Avoiding disputes</h2>
        <ul>
          <li>
            Agree on every item in advance and check both sides in the{' '}
            <Link to="/values-and-wfl">WFL calculator</Link>.
          </li>
          <li>Use the game's trade window and read the final screen before confirming.</li>
          <li>Record trades, especially large ones.</li>
          <li>
            Read the <Link to="/trust-and-security">trust &amp; security</Link> page for common scams.
          </li>
        </ul>
      </Prose>
    </Page>
  )
}
