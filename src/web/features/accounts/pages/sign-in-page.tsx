import { Page } from '@/web/components/ui/page'
import { AccountsNotice } from '../components/accounts-notice'

export function SignInPage() {
  return (
    <Page title="Sign in" lead="Keep favorite items, a trader profile and your linked Discord account.">
      <AccountsNotice what="Signing in is not open yet." />
    </Page>
  )
}
