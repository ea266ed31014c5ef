import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { SignInPrompt, useMe } from '@/features/accounts/web/public'
import { DISPUTE_LIMITS } from '@/features/disputes/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Page, Prose } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { myDisputesQuery } from '../api'
import { DisputeList } from '../components/dispute-list'

/** "My disputes": the signed-in trader's disputes, opened by them or against them. */
function MyDisputes() {
  const { me, isPending } = useMe()
  const query = useQuery({ ...myDisputesQuery(), enabled: !!me })
  if (isPending) return <Spinner label="Loading your disputes" />
  if (!me)
    return <SignInPrompt back="/dispute-center">Sign in to see your disputes and open one.</SignInPrompt>
  if (query.isPending) return <Spinner label="Loading your disputes" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  if (query.data.disputes.length === 0)
    return <p className="mt-3 text-muted">You have no disputes. We hope it stays that way.</p>
  return <DisputeList disputes={query.data.disputes} label="My disputes" />
}

/** /dispute-center: how disputes work, my disputes and their state, and where to open one. */
export function DisputeCenterPage() {
  return (
    <Page title="Dispute center" lead="What to do when a trade on TradeHub goes wrong.">
      <section aria-labelledby="my-disputes">
        <h2 id="my-disputes" className="font-semibold text-xl">
          My disputes
        </h2>
        <MyDisputes />
      </section>

      <div className="mt-10">
        <Prose>
          <h2>Open a dispute</h2>
          <p>
            A dispute is opened from the trade: in <Link to="/trading/mine">My trades</Link>, an accepted or
            completed trade has an <strong>Open a dispute</strong> link for {DISPUTE_LIMITS.windowDays} days.
            Choose what went wrong, say what happened and add up to {DISPUTE_LIMITS.maxEvidence} screenshots
            (PNG, JPEG or WebP, 5 MB each).
          </p>

          <h2>How it works</h2>
          <ol>
            <li>
              Either trader of a marketplace trade opens a dispute. One dispute per trade is open at a time.
            </li>
            <li>
              The other trader is notified and answers in the dispute. Both add screenshots; the trade's
              middleman, if it had one, can tell what they saw.
            </li>
            <li>
              A moderator reads the trade, the evidence and the messages, and decides: <strong>upheld</strong>{' '}
              or <strong>rejected</strong>. Both traders are notified.
            </li>
            <li>
              An upheld dispute stays on the other trader's record: "dispute upheld" shows on their profile
              and counts in their reputation. A moderator may also suspend them.
            </li>
          </ol>
          <p>
            TradeHub cannot move in-game items: a dispute marks a trader's record, it does not return items.
            Report the player to Roblox too, with the in-game report tool.
          </p>

          <h2>If you were scammed</h2>
          <ol>
            <li>
              <strong>Secure your account first.</strong> If you shared your password, a code or your
              .ROBLOSECURITY cookie, change your Roblox password right away, use "Log out of all other
              sessions" and turn on 2-step verification.
            </li>
            <li>
              <strong>Keep the evidence.</strong> Save screenshots, usernames, chat messages and the time of
              the trade.
            </li>
            <li>
              Be careful of anyone who offers to "recover" your items for a fee or asks for your login: it is
              a common second scam.
            </li>
          </ol>

          <h2>Avoiding disputes</h2>
          <ul>
            <li>
              Agree on every item in advance and check both sides in the{' '}
              <Link to="/values-and-wfl">WFL calculator</Link>.
            </li>
            <li>
              For a large trade, ask for an official <Link to="/escrow-service">middleman</Link>.
            </li>
            <li>
              Read the <Link to="/trust-and-security">trust &amp; security</Link> page for common scams.
            </li>
          </ul>
        </Prose>
      </div>
    </Page>
  )
}
