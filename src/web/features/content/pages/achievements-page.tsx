import { Link } from 'react-router'
import { Page, Prose, SoonBadge } from '@/web/components/ui/page'
import { TeamLink } from '@/web/features/landing/public'

/** /achievements: trader achievements are planned together with the marketplace. */
export function AchievementsPage() {
  return (
    <Page
      title="Achievements"
      lead={
        <>
          Achievements and badges for TradeHub traders are coming with the marketplace <SoonBadge />.
        </>
      }
    >
      <Prose>
        <h2>What achievements will be</h2>
        <p>
          Achievements will be badges shown on your TradeHub profile. They are meant to show other traders how
          you use the site and how you trade, so that a new trading partner has more to go on than a username.
        </p>

        <h2>How they will be earned</h2>
        <p>The details are still being designed. We plan achievements for things like:</p>
        <ul>
          <li>completing trades on the marketplace through the escrow service;</li>
          <li>receiving good reputation from the traders you have completed trades with;</li>
          <li>
            getting your profile verified on the <Link to="/verification">trader verification</Link> page;
          </li>
          <li>helping the community, for example by reporting wrong values that we then correct.</li>
        </ul>
        <p>
          Achievements will be earned through activity on TradeHub only. They cannot be bought, and nobody
          from TradeHub will ever offer to sell you one or ask for items in exchange.
        </p>

        <h2>What they will not be</h2>
        <p>
          An achievement is not a guarantee that someone is honest. Even when badges exist, keep following the
          safe trading basics: use the in-game trade window, check values first and never share your password
          or .ROBLOSECURITY cookie.
        </p>

        <h2>What you can do now</h2>
        <ul>
          <li>
            <Link to="/sign-in">Create an account</Link> and fill in your profile, so it is ready when
            achievements arrive.
          </li>
          <li>
            Join the early-access launch list on the <Link to="/">home page</Link> to get an e-mail when the
            marketplace opens.
          </li>
          <li>
            Share ideas for achievements through <TeamLink />.
          </li>
        </ul>
      </Prose>
    </Page>
  )
}
