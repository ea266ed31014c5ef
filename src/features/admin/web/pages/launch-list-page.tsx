import { Suspense } from 'react'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { lazy } from '@/platform/web/lib/lazy'
import { AdminArea } from '../components/admin-area'

/** The launch list's table loads with its page only (its code shares a chunk with the sign-up form). */
const LaunchListAdmin = lazy(async () => ({
  default: (await import('@/features/launch-list/web/public')).LaunchListAdmin,
}))

/** /admin/launch-list: the early-access list by status, with its CSV export. */
export function AdminLaunchListPage() {
  return (
    <AdminArea title="Launch list" back="/admin/launch-list">
      <Suspense fallback={<Spinner label="Loading the launch list" />}>
        <LaunchListAdmin />
      </Suspense>
    </AdminArea>
  )
}
