import { Suspense } from 'react'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { AlertsTab } from './public'

/** The profile's Alerts tab (?tab=alerts). */
export function AlertsTabPanel() {
  return (
    <Suspense fallback={<Spinner label="Loading alerts" />}>
      <AlertsTab />
    </Suspense>
  )
}
