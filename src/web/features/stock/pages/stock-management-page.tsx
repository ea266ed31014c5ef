import { Page } from '@/web/components/ui/page'
import { AccountsNotice } from '@/web/features/accounts/components/accounts-notice'

export function StockManagementPage() {
  return (
    <Page
      title="Stock management"
      lead="Stock managers update the live shop stock of Grow a Garden and Blox Fruits here."
    >
      <AccountsNotice what="Stock management is only for signed-in stock managers." />
    </Page>
  )
}
