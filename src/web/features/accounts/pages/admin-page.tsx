import { Page } from '@/web/components/ui/page'
import { AccountsNotice } from '../components/accounts-notice'

export function AdminPage() {
  return (
    <Page title="Admin" lead="Site administration for TradeHub admins.">
      <AccountsNotice what="The admin area is only for signed-in admins." />
    </Page>
  )
}
