import { Link } from 'react-router'
import { TeamLink, useDiscordLinks } from '@/features/landing/web/public'
import { Page, Prose } from '@/platform/web/components/ui/page'

/** /about: what TradeHub is, what it offers today and what is planned. */
export function AboutPage() {
  const discord = useDiscordLinks()
  return (
    <Page
      title="About TradeHub"
      lead="TradeHub is a free toolkit for people who trade items in Roblox games: item values, a win/fair/loss calculator and live shop stock in one place."
    >
      <Prose>
        <h2>Why TradeHub exists</h2>
        <p>
          Trading in Roblox games moves fast, and values are spread across spreadsheets, Discord servers and
          word of mouth. It is easy to accept a trade that looked fine and later find out it was a big loss,
          or to fall for someone who only pretends to be a trusted middleman. TradeHub collects the
          information a trader needs before clicking accept, so every trade can be checked in a few seconds.
        </p>

        <h2>What you can use today</h2>
        <ul>
          <li>
            <Link to="/values-and-wfl">Item values and the WFL calculator</Link> for eight games: Blox Fruits,
            Grow a Garden, Adopt Me!, Pet Simulator 99, Murder Mystery 2, Anime Adventures, Fisch and PETS
            GO!.
          </li>
          <li>
            Live stock trackers for the <Link to="/grow-a-garden-stock">Grow a Garden shops</Link> and the{' '}
            <Link to="/blox-fruits-stock">Blox Fruits fruit dealer</Link>, with a countdown to the next
            restock.
          </li>
          <li>
            <Link to="/sign-in">Accounts</Link> with a trader profile and favorite items, so the items you
            watch are always one click away.
          </li>
          {discord.server && (
            <li>
              A{' '}
              <Link to="/join-server" reloadDocument>
                Discord server
              </Link>{' '}
              where traders ask for value checks and find trades.
            </li>
          )}
          {discord.bot && (
            <li>
              A{' '}
              <Link to="/invite-bot" reloadDocument>
                Discord bot
              </Link>{' '}
              you can add to your own server to look up values.
            </li>
          )}
        </ul>

        <h2>Trading on TradeHub</h2>
        <p>
          Traders post <Link to="/trading">trade ads</Link>, make offers and talk in each trade's
          conversation. They can prove their Roblox account, review each other, ask an official{' '}
          <Link to="/escrow-service">middleman</Link>, open a <Link to="/dispute-center">dispute</Link> when a
          trade goes wrong, and earn <Link to="/achievements">achievements</Link>.
        </p>

        <h2>How values are made</h2>
        <p>
          TradeHub values are community trade values: estimates of what items usually trade for, not shop
          prices (Pet Simulator 99 and PETS GO! use the official recent average price). Each game uses its own
          unit. <Link to="/how-values-are-set">How values are set</Link> says who sets them, how often, and
          when each game's values last changed. The <Link to="/docs">documentation</Link> explains how values,
          the calculator and the stock trackers work.
        </p>

        <h2>Independent and unofficial</h2>
        <p>
          TradeHub is a fan-made project. It is not affiliated with, endorsed by or sponsored by Roblox
          Corporation or any of the studios that make the games it covers. Game names and item names belong to
          their owners. TradeHub does not sell items or game currency and does not support trading items for
          real money.
        </p>

        <h2>Talk to us</h2>
        <p>
          Questions, corrections to a value, or ideas for the site are welcome through <TeamLink />. See the{' '}
          <Link to="/contact">contact page</Link> for what to include in your message.
        </p>
      </Prose>
    </Page>
  )
}
