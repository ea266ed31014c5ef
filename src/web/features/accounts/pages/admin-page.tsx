import { Link } from 'react-router'
import { buttonClass } from '@/web/components/ui/button'
import { FormMessage } from '@/web/components/ui/field'
import { Page } from '@/web/components/ui/page'
import { Spinner } from '@/web/components/ui/spinner'
import { signInHref, useMe } from '../api'

/** /admin: shown in every signed-in user's menu; the server decides who is an admin. */
export function AdminPage() {
  const { me, isPending } = useMe()
  if (isPending) return <Spinner label="Checking access" />
  return (
    <Page title="Admin" lead="Site administration for TradeHub admins.">
      {!me ? (
        <div className="rounded-2xl border border-line bg-surface p-6">
          <p className="text-muted">Sign in with an admin account to use the admin area.</p>
          <Link to={signInHref('/admin', '')} className={`${buttonClass('primary')} mt-4`}>
            Sign In
          </Link>
        </div>
      ) : me.isAdmin ? (
        <FormMessage kind="info">
          You are signed in as the primary admin ({me.email}). Admin tools (roles, values, stock) appear here
          as they open.
        </FormMessage>
      ) : (
        <FormMessage kind="error">
          You do not have access to the admin area. Your account ({me.email}) is not an admin.
        </FormMessage>
      )}
    </Page>
  )
}
