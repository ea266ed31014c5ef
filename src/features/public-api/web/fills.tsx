/** What the public API shows on lower features' pages (its web manifest fills their slots). */
import { Suspense } from 'react'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiKeys } from './public'

/** The profile settings' API keys section (its code in a chunk of its own). */
export function ApiKeysSection() {
  return (
    <Suspense fallback={<Spinner label="Loading your API keys" />}>
      <ApiKeys />
    </Suspense>
  )
}
