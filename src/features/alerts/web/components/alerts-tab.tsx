import { Slot } from '@/platform/web/lib/slots'
import { alertsTabSections } from '../slots'
import { AlertRules } from './alert-rules'
import { DeliverySettings } from './delivery-settings'
import { WatchedItems } from './watched-items'

/** The profile's "Alerts" tab (?tab=alerts); higher features add their sections last (the Discord DMs). */
export function AlertsTab() {
  return (
    <div className="space-y-6">
      <WatchedItems />
      <AlertRules />
      <DeliverySettings />
      <Slot slot={alertsTabSections} />
    </div>
  )
}
