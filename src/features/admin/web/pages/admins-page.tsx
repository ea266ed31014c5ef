import { ADMIN_ROLE } from '@/features/roles/rules'
import { AdminArea } from '../components/admin-area'
import { RolePanels } from '../components/grants'

/** /admin/admins: add an admin by e-mail, remove one. */
export function AdminsPage() {
  return (
    <AdminArea title="Admins" back="/admin/admins">
      <RolePanels role={ADMIN_ROLE} kind="admin" empty="No admins yet." />
    </AdminArea>
  )
}
