import { Page } from '@/web/components/ui/page'
import { AccountsNotice } from '../components/accounts-notice'

export function ProfilePage() {
  return (
    <Page
      title="Your profile"
      lead="Your display name, bio, avatar, social links and favorite items live here."
    >
      <AccountsNotice what="Profiles need an account, and accounts are not open yet." />
    </Page>
  )
}
