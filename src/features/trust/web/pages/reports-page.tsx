import { AdminArea } from '@/features/admin/web/public'
import { ReportsQueue } from '../components/reports-queue'

/** /admin/reports: the moderators' queue, the one admin page moderators open (in a chunk of its own). */
export function ReportsPage() {
  return (
    <AdminArea title="Reports" back="/admin/reports" moderators>
      <ReportsQueue />
    </AdminArea>
  )
}
