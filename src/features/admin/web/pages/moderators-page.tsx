import { Link } from 'react-router'
import { MODERATOR_ROLE } from '@/features/roles/rules'
import { AdminArea } from '../components/admin-area'
import { RolePanels } from '../components/grants'

/** /admin/moderators: the moderators, who work the reports. */
export function ModeratorsPage() {
  return (
    <AdminArea title="Moderators" back="/admin/moderators">
      <p className="-mt-2 mb-6 text-muted">
        Moderators work the <Link to="/admin/reports">reports</Link>: they dismiss a report, hide what was
        reported, warn or suspend its author. Admins are moderators too.
      </p>
      <RolePanels role={MODERATOR_ROLE} kind="moderator" empty="No moderators yet (admins handle reports)." />
    </AdminArea>
  )
}
