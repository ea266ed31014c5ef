import { Link } from 'react-router'
import { TeamLink } from '@/features/landing/web/public'
import { RESEND_COOLDOWN_SECONDS } from '@/features/launch-list/rules'
import { Page, Prose } from '@/platform/web/components/ui/page'

/** /docs: how values, the WFL calculator, share links, stock trackers, favorites, the launch list and the bot work. */
export function DocsPage() {
  return (
    <Page
      title="Documentation"
      lead="How TradeHub's item values, the WFL calculator, share links, stock trackers, favorites, the launch list and the Discord bot work."
    >
      <Prose>
        <h2>Item values</h2>
        <p>
          The <Link to="/values-and-wfl">values page</Link> lists items for eight games: Blox Fruits, Grow a
          Garden, Adopt Me!, Pet Simulator 99, Murder Mystery 2, Anime Adventures, Fisch and PETS GO!.
        </p>
        <ul>
          <li>
            <strong>Community trade values.</strong> A value is an estimate of what an item usually trades for
            between players, not an official price and not what the game's shop charges.
          </li>
          <li>
            <strong>Each game has its own unit.</strong> Values are only comparable within the same game; a
            value in one game means nothing in another.
          </li>
          <li>
            <strong>No value yet.</strong> Items that nobody has valued yet say "no value yet" instead of
            showing a made-up number.
          </li>
          <li>
            <strong>Who sets them.</strong> The value team, approved community suggestions and, for Pet
            Simulator 99 and PETS GO!, an hourly import of the official prices.{' '}
            <Link to="/how-values-are-set">How values are set</Link> explains it, with the date each game's
            values last changed and what they started from. Values change as the community's trades change, so
            check again before a big trade.
          </li>
          <li>
            <strong>Demand and trend.</strong> Where known, an item also shows how much players want it and
            whether its value is rising or falling. An item page shows the value history.
          </li>
        </ul>

        <h2>The WFL calculator</h2>
        <p>
          The <Link to="/values-and-wfl?tab=wfl">WFL calculator</Link> tells you whether a trade is a win,
          fair or loss for you, and shows the rule it used.
        </p>
        <ol>
          <li>Pick the game.</li>
          <li>
            Add the items you would hand over under "You give" and the items you would receive under "You
            get".
          </li>
          <li>
            The calculator adds up the values of each side and shows both totals and the difference. The
            difference is given in percent of the larger side.
          </li>
          <li>
            It gives a verdict: <strong>Win</strong> if you get more than you give by more than the fair band,{' '}
            <strong>Loss</strong> if you give more by more than the fair band, and <strong>Fair</strong>{' '}
            otherwise.
          </li>
        </ol>
        <h3>The fair band</h3>
        <p>
          You choose how close two sides must be to count as fair: ±2 %, ±5 %, ±10 % or ±25 %. The default is
          ±10 %. A narrow band suits items with well-known values; a wide band suits items whose values move a
          lot.
        </p>
        <h3>Warnings</h3>
        <ul>
          <li>
            Items with no value yet are left out of the totals, and the calculator warns you that the result
            does not include them.
          </li>
          <li>
            Items with low demand lower the confidence of the verdict, because they are harder to trade on.
          </li>
          <li>
            For Blox Fruits, the calculator warns when the in-game Beli prices of the two sides differ by more
            than 40 %, because the game refuses such trades.
          </li>
        </ul>

        <h2>Share links</h2>
        <p>
          Every trade in the calculator has a share link. The whole trade is stored in the address itself, so
          the link works without an account and nothing is saved on our side. Whoever opens the link sees the
          same items, valued with the values current at the moment they open it.
        </p>

        <h2>Stock trackers</h2>
        <p>
          The stock trackers show what the in-game shops sell right now and count down to the next restock.
        </p>
        <ul>
          <li>
            <Link to="/grow-a-garden-stock">Grow a Garden</Link>: the seed shop and the gear shop restock
            every 5 minutes and the egg shop every 30 minutes. Restocks are aligned to the clock: the seed and
            gear shops restock at :00, :05, :10 and so on, the egg shop at :00 and :30.
          </li>
          <li>
            <Link to="/blox-fruits-stock">Blox Fruits</Link>: the fruit dealer's stock changes every 4 hours.
          </li>
        </ul>

        <h2>Accounts and favorites</h2>
        <p>
          With a free <Link to="/sign-in">account</Link> you get a trader profile and can mark items as
          favorites. Favorites are kept with your account, so they follow you to every device where you sign
          in. You can edit your profile and the sign-in methods linked to your account on your{' '}
          <Link to="/profile">profile</Link>.
        </p>

        <h2>The early-access launch list</h2>
        <ol>
          <li>
            Enter your e-mail address in the sign-up form on the <Link to="/">home page</Link>.
          </li>
          <li>
            We send you a verification e-mail. Click the link in it to confirm the address. If it does not
            arrive, you can send it again after {RESEND_COOLDOWN_SECONDS} seconds.
          </li>
          <li>
            Once confirmed, you are an OG member: the badge shows on your profile once you have an account
            with that address.
          </li>
        </ol>
        <p>
          Every e-mail has an unsubscribe link. If our e-mails go to spam, follow the{' '}
          <Link to="/safe-sender-guide">safe sender guide</Link>.
        </p>

        <h2>The Discord bot</h2>
        <p>
          <Link to="/invite-bot">Invite the TradeHub bot</Link> to your Discord server to use these slash
          commands there:
        </p>
        <ul>
          <li>
            <strong>/value item</strong> shows an item's value, demand, trend and last change, with a link to
            its page. Start typing and pick the item from the list.
          </li>
          <li>
            <strong>/wfl game give get</strong> checks a trade: Win, Fair or Loss, both totals and the
            difference. Write items as in share links, for example <code>kitsune, dough*2</code>.
          </li>
          <li>
            <strong>/stock game</strong> shows what the Grow a Garden or Blox Fruits shops sell now and when
            they restock.
          </li>
          <li>
            <strong>/track game channel</strong> posts every restock of a game in a channel, and can ping a
            role when a rare item is in stock (the role must be mentionable). <strong>/untrack</strong> stops
            it. Both need the Manage Server permission.
          </li>
          <li>
            <strong>/watch item</strong> sends you a private link that connects your Discord account to
            TradeHub; the bot then messages you when the item restocks or its value changes.{' '}
            <strong>/unwatch item</strong> stops it.
          </li>
        </ul>

        <h2>For bot and site authors</h2>
        <p>
          Values, items, trades, trade ads, traders and stock can be read by your own bot or site through the
          public API. The <Link to="/docs/api">API reference</Link> lists its paths, limits and API keys.
        </p>

        <h2>More help</h2>
        <p>
          Questions that this page does not answer are welcome through <TeamLink />.
        </p>
      </Prose>
    </Page>
  )
}
