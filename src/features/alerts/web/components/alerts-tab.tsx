import { DiscordDms } from '@/features/discord/web/public'
import { AlertRules } from './alert-rules'
import { DeliverySettings } from './delivery-settings'
import { WatchedItems } from './watched-items'

/** The profile's "Alerts" tab (?tab=alerts). */
export function AlertsTab() {
  return (
    <div className="space-y-6">
      <WatchedItems />
      <AlertRules />
      <DeliverySettings />
      <DiscordDms />
    </div>
  )
}
