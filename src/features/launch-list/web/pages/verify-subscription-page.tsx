import { Page } from '@/platform/web/components/ui/page'
import { EarlyAccessForm } from '../components/early-access-form'

/** A second entry to verification: the form verifies a `?token=` from the address on load. */
export function VerifySubscriptionPage() {
  return (
    <Page title="Verify your subscription" lead="Confirm your e-mail address to keep your early-access spot.">
      <div className="rounded-2xl border border-line bg-surface p-6">
        <EarlyAccessForm />
      </div>
    </Page>
  )
}
