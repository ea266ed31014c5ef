import { Link } from 'react-router'
import { GUIDE_EDITOR_ROLE } from '@/features/roles/rules'
import { AdminArea } from '../components/admin-area'
import { RolePanels } from '../components/grants'

/** /admin/guide-editors: the guide editors, who write and publish the guides. */
export function GuideEditorsPage() {
  return (
    <AdminArea title="Guide editors" back="/admin/guide-editors">
      <p className="-mt-2 mb-6 text-muted">
        Guide editors write and publish the guides (<Link to="/admin/guides">Guides</Link>); admins can too.
      </p>
      <RolePanels role={GUIDE_EDITOR_ROLE} kind="guide editor" empty="No guide editors yet." />
    </AdminArea>
  )
}
