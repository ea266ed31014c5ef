import { Link } from 'react-router'
import { MIDDLEMAN_ROLE } from '@/features/roles/rules'
import { AdminArea } from '../components/admin-area'
import { RolePanels } from '../components/grants'

/** /admin/middlemen: the official middlemen, who take middleman requests. */
export function MiddlemenPage() {
  return (
    <AdminArea title="Middlemen" back="/admin/middlemen">
      <p className="-mt-2 mb-6 text-muted">
        Official middlemen take middleman requests of accepted trades and are listed on the{' '}
        <Link to="/escrow-service">escrow service</Link> page. They need a verified Roblox account to take
        requests.
      </p>
      <RolePanels role={MIDDLEMAN_ROLE} kind="middleman" empty="No middlemen yet." />
    </AdminArea>
  )
}
