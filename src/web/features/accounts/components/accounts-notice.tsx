import { Link } from 'react-router'
import { buttonClass } from '@/web/components/ui/button'

/** What a page that needs an account shows while sign-in is not open yet. */
export function AccountsNotice({ what }: { what: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-6">
      <p className="text-muted">
        {what} Accounts open with the launch: join the early-access list to be told first and to get the OG
        badge on your profile.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to="/" className={buttonClass('primary')}>
          Join the launch list
        </Link>
        <Link to="/values-and-wfl" className={buttonClass('secondary')}>
          Check item values
        </Link>
      </div>
    </div>
  )
}
