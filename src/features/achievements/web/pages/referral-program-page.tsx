import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { SignInPrompt, useSignedIn } from '@/features/accounts/web/public'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Page, Prose } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { toast } from '@/platform/web/lib/toast'
import { referralsQuery } from '../api'

/** The signed-in trader's invite link, a copy button and who joined through it. */
function MyInviteLink() {
  const query = useQuery(referralsQuery)
  if (query.isPending) return <Spinner label="Loading your invite link" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  const { path, joined, pending } = query.data
  if (!path)
    return (
      <p className="text-muted">
        Choose a username on{' '}
        <Link to="/profile" className="underline underline-offset-2">
          your profile
        </Link>{' '}
        to get your invite link.
      </p>
    )
  const link = `${window.location.origin}${path}`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      toast.success('Invite link copied')
    } catch {
      toast.error('Could not copy the link', { description: 'Select it and copy it instead.' })
    }
  }
  return (
    <div className="grid gap-3">
      <label htmlFor="invite-link" className="font-semibold text-sm">
        Your invite link
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="invite-link"
          readOnly
          value={link}
          className="min-w-0 flex-1 rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className={buttonClass('primary')} onClick={copy}>
          Copy link
        </button>
      </div>
      <p role="status" className="text-sm">
        {joined === 1 ? '1 trader joined' : `${joined} traders joined`} through your link
        {pending > 0 && <span className="text-muted"> ({pending} signed up and not yet counted)</span>}.
      </p>
    </div>
  )
}

/** /referral-program: invite friends with a link of your own. */
export function ReferralProgramPage() {
  const signedIn = useSignedIn()
  return (
    <Page title="Referral Program" lead="Invite your trading friends to TradeHub with a link of your own.">
      <section aria-labelledby="my-link" className="mb-8 rounded-2xl border border-line bg-surface p-6">
        <h2 id="my-link" className="sr-only">
          Your link
        </h2>
        {signedIn ? (
          <MyInviteLink />
        ) : (
          <SignInPrompt back="/referral-program">Sign in to get your invite link.</SignInPrompt>
        )}
      </section>
      <Prose>
        <h2>How it works</h2>
        <ul>
          <li>Share your invite link. A friend who opens it lands on the sign-up form.</li>
          <li>
            Once they verify their e-mail, choose a username and complete a trade with someone other than you,
            they count as a trader who joined through you.
          </li>
          <li>
            Your first friend who joins earns you the Recruiter achievement, shown on your profile and ads.
          </li>
        </ul>
        <h2>What it gives</h2>
        <p>
          The Recruiter <Link to="/achievements">achievement</Link> and the count of friends who joined. There
          is no money, Robux or item reward: nobody from TradeHub will ever offer you one for invites.
        </p>
      </Prose>
    </Page>
  )
}
