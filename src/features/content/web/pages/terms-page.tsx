import { Link } from 'react-router'
import { TeamLink } from '@/features/landing/web/public'
import { Page, Prose } from '@/platform/web/components/ui/page'

/** /terms: the terms of service in plain language. */
export function TermsPage() {
  return (
    <Page
      title="Terms of service"
      lead="The rules for using TradeHub, in plain language. By using the site you agree to them."
    >
      <Prose>
        <h2>What TradeHub is</h2>
        <p>
          TradeHub is a free website with item values, a win/fair/loss trade calculator and stock trackers for
          Roblox games, plus accounts with profiles and favorites and an early-access launch list. A
          marketplace with middleman escrow, verified traders and reputation is planned but not available yet.
          When it opens, extra rules for it will be published before you can use it.
        </p>

        <h2>Not affiliated with Roblox</h2>
        <p>
          TradeHub is an independent fan project. It is not affiliated with, endorsed by or sponsored by
          Roblox Corporation or any game studio. Roblox, the games and their items are trademarks and property
          of their owners.
        </p>

        <h2>Values are estimates, not advice</h2>
        <ul>
          <li>
            Item values are community estimates of what items usually trade for. They can be out of date,
            incomplete or wrong.
          </li>
          <li>
            A Win, Fair or Loss verdict is a calculation from those estimates, not a promise about a trade.
            You decide which trades to accept, and you are responsible for them.
          </li>
          <li>Stock trackers can be late or wrong. Always check the shop in the game.</li>
          <li>Nothing on TradeHub is financial advice.</li>
        </ul>

        <h2>Follow Roblox's rules</h2>
        <p>
          You must follow the Roblox Terms of Use and the rules of each game when you trade. In particular:
        </p>
        <ul>
          <li>
            <strong>No real-money trading.</strong> Do not use TradeHub, its Discord server or its bot to buy
            or sell items, accounts or game currency for real money, gift cards or anything outside the game.
          </li>
          <li>Do not sell, share or trade Roblox accounts.</li>
          <li>Do not use TradeHub to scam, impersonate or harass anyone.</li>
        </ul>

        <h2>Your account</h2>
        <ul>
          <li>Give a real e-mail address that you control and keep your password to yourself.</li>
          <li>You are responsible for what happens under your account.</li>
          <li>
            Your username, display name, bio, avatar and social links are public on your profile. Do not use
            anything offensive, misleading or that belongs to someone else, and do not pretend to be another
            trader, TradeHub staff or Roblox staff.
          </li>
          <li>
            If you are below the age at which you can agree to these terms where you live, use TradeHub only
            with the permission of a parent or guardian.
          </li>
        </ul>

        <h2>Using the site fairly</h2>
        <p>
          Do not attack, overload or try to break into the site, scrape it in a way that harms other users, or
          get around limits such as the waiting time between e-mails. We may remove content, block access or
          close accounts that break these terms.
        </p>

        <h2>No guarantees</h2>
        <p>
          TradeHub is provided as it is, free of charge. We work to keep it accurate and online, but we cannot
          promise that it is always available, correct or free of errors. As far as the law allows, we are not
          liable for trades you make, items you lose or decisions you base on the site. TradeHub never holds
          your items today, so it cannot return items lost in a trade.
        </p>

        <h2>Changes to these terms</h2>
        <p>
          We may update these terms as the site changes, for example when a new feature opens. The current
          version is always on this page. If you keep using TradeHub after a change, the new terms apply.
        </p>

        <h2>Questions</h2>
        <p>
          Ask us through <TeamLink />. How we handle your data is explained in the{' '}
          <Link to="/privacy">privacy policy</Link>.
        </p>
      </Prose>
    </Page>
  )
}
