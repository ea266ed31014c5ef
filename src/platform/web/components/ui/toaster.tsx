import { Suspense, useSyncExternalStore } from 'react'
import { lazy } from '@/platform/web/lib/lazy'
import { subscribeToaster, toasterWanted } from '@/platform/web/lib/toast'

const Toaster = lazy(() => import('./toaster-loaded'))

/** Where toasts show (bottom right), mounted with the first toast of the visit. */
export function ToasterSlot() {
  const wanted = useSyncExternalStore(subscribeToaster, toasterWanted, () => false)
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
