import { FormMessage } from '@/web/components/ui/field'
import { Page } from '@/web/components/ui/page'
import { Spinner } from '@/web/components/ui/spinner'
import { useMe } from '../api'
import { LaunchListAdmin } from '../components/launch-list-admin'
import { SignInPrompt } from '../components/sign-in-prompt'

/** /admin: shown in every signed-in user's menu; the server decides who is an admin. */
export function AdminPage() {
  const { me, isPending } = useMe()
  if (isPending) return <Spinner label="Checking access" />
  return (
    <Page title="Admin" lead="Site administration for TradeHub admins.">
      {!me ? (
        <SignInPrompt back="/admin">Sign in with an admin account to use the admin area.</SignInPrompt>
      ) : me.isAdmin ? (
        <LaunchListAdmin />
      ) : (
        <FormMessage kind="error">
          You do not have access to the admin area. Your account ({me.email}) is not an admin.
        </FormMessage>
      )}
    </Page>
  )
}
