import { Link } from 'react-router'
import { Page, Prose, SoonBadge } from '@/web/components/ui/page'
import { TeamLink } from '@/web/features/landing/public'

/** /guides: trading guides are coming soon; the essentials are here already. */
export function GuidesPage() {
  return (
    <Page
      title="Trading guides"
      lead={
        <>
          Step-by-step guides for each game are on the way <SoonBadge />. Until then, these basics cover what
          every trader should know.
        </>
      }
    >
      <Prose>
        <h2>What the guides will cover</h2>
        <p>
          We are writing guides for the eight games on TradeHub: how trading works in each game, which items
          are in demand, how to read the values and the calculator, and the scams that are common in that
          game. They will appear here as they are finished. Suggest a topic through <TeamLink />.
        </p>

        <h2>Before you trade</h2>
        <ol>
          <li>
            Look up every item on both sides in the{' '}
            <Link to="/values-and-wfl">values and WFL calculator</Link>. Add them under "You give" and "You
            get" to see whether the trade is a win, fair or loss.
          </li>
          <li>
            Check demand, not only value. An item with a high value but low demand can be hard to trade away
            later.
          </li>
          <li>
            Values change. If a deal looks too good to be true, ask in the community for a second opinion
            before you accept.
          </li>
          <li>Decide in advance what you are willing to give, and do not let someone rush you.</li>
        </ol>

        <h2>During the trade</h2>
        <ul>
          <li>
            Use the game's own trade window whenever the game has one. It swaps both sides at the same moment,
            so nobody has to go first.
          </li>
          <li>
            Read the final trade screen carefully before confirming. Scammers swap an item for a look-alike or
            remove an item at the last second.
          </li>
          <li>
            Record your screen or take screenshots, including the other player's username. Recordings help if
            you need to report someone.
          </li>
          <li>
            Never "trust trade" by sending your items first and waiting for the other side to send theirs.
          </li>
        </ul>

        <h2>Scams to know</h2>
        <h3>Fake middlemen</h3>
        <p>
          Someone offers to hold both sides of a trade, or a "friend" is suggested as a trusted middleman.
          Once they receive the items, they leave. TradeHub does not offer a middleman service yet, so anyone
          claiming to be a TradeHub middleman is not one. Read how our{' '}
          <Link to="/escrow-service">escrow service</Link> will work.
        </p>
        <h3>Account and cookie theft</h3>
        <p>
          No real trade ever needs your password, your two-step verification code or your .ROBLOSECURITY
          cookie. Never paste code into your browser console, and never run files or "value checkers" that
          someone sends you.
        </p>
        <h3>Fake links and giveaways</h3>
        <p>
          Links to "free items", fake Roblox sign-in pages and private servers that ask you to log in again
          are used to steal accounts. Type roblox.com yourself instead of following links from strangers.
        </p>

        <h2>Read more</h2>
        <p>
          The <Link to="/trust-and-security">trust &amp; security</Link> page explains how TradeHub protects
          your account, and the <Link to="/docs">documentation</Link> explains how values and the calculator
          work.
        </p>
      </Prose>
    </Page>
  )
}
