import { Link } from 'react-router'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'

/** /sign-in for someone signed in already: who, and on to where they were going or their profile. */
export function SignedIn({ who, redirect }: { who: string; redirect: string }) {
  return (
    <Page title="Sign in">
      <FormMessage kind="info">
        You are signed in as <strong className="[overflow-wrap:anywhere]">{who}</strong>.
      </FormMessage>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={redirect} className={buttonClass('primary')}>
          Continue
        </Link>
        <Link to="/profile" className={buttonClass('secondary')}>
          Your profile
        </Link>
      </div>
    </Page>
  )
}
