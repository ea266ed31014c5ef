import { Link } from 'react-router'
import { buttonClass } from '@/web/components/ui/button'
import { FormMessage } from '@/web/components/ui/field'
import { Page } from '@/web/components/ui/page'
import { Spinner } from '@/web/components/ui/spinner'
import { signInHref, useMe } from '@/web/features/accounts/api'

export function StockManagementPage() {
  const { me, isPending } = useMe()
  if (isPending) return <Spinner label="Checking access" />
  return (
    <Page
      title="Stock management"
      lead="Stock managers update the live shop stock of Grow a Garden and Blox Fruits here."
    >
      {!me ? (
        <div className="rounded-2xl border border-line bg-surface p-6">
          <p className="text-muted">Sign in with a stock manager account to manage stock.</p>
          <Link to={signInHref('/stock-management', '')} className={`${buttonClass('primary')} mt-4`}>
            Sign In
          </Link>
        </div>
      ) : me.stockManagerGames.length === 0 ? (
        <FormMessage kind="error">
          You do not have access to stock management. Your account ({me.email}) is not a stock manager.
        </FormMessage>
      ) : (
        <FormMessage kind="info">
          You manage the stock of: {me.stockManagerGames.join(', ')}. The stock editor opens with the stock
          trackers.
        </FormMessage>
      )}
    </Page>
  )
}
