import { STOCK_GAME_NAMES } from '@/shared/games'
import { FormMessage } from '@/web/components/ui/field'
import { Page } from '@/web/components/ui/page'
import { Spinner } from '@/web/components/ui/spinner'
import { SignInPrompt, useFreshPermissions, useMe } from '@/web/features/accounts/public'

export function StockManagementPage() {
  const { me, isPending } = useMe()
  // Roles may have changed since the page was cached: re-read them on opening.
  const { refreshing } = useFreshPermissions()
  if (isPending || (refreshing && !me)) return <Spinner label="Checking access" />
  return (
    <Page
      title="Stock management"
      lead="Stock managers update the live shop stock of Grow a Garden and Blox Fruits here."
    >
      {!me ? (
        <SignInPrompt back="/stock-management">
          Sign in with a stock manager account to manage stock.
        </SignInPrompt>
      ) : me.stockManagerGames.length === 0 ? (
        <FormMessage kind="error">
          You do not have access to stock management. Your account ({me.email}) is not a stock manager.
        </FormMessage>
      ) : (
        <FormMessage kind="info">
          You manage the stock of: {me.stockManagerGames.map((g) => STOCK_GAME_NAMES[g]).join(', ')}. The
          stock editor opens with the stock trackers.
        </FormMessage>
      )}
    </Page>
  )
}
