import { useQuery } from '@tanstack/react-query'
import { AdminNotices } from '@/features/admin/web/public'
import { importNotice } from '@/features/value-ops/rules'
import { importProblemsQuery } from '../imports-api'

/**
 * /admin/values: the imports whose last run failed, of the games the signed-in staff member may import,
 * as the admin dashboard says them (one danger notice each, linking to where it is run again). Nothing
 * while loading, on an error, or when every import went well: the notices never stand in the way.
 */
export function ImportProblems() {
  const query = useQuery(importProblemsQuery)
  return <AdminNotices notices={(query.data?.problems ?? []).map(importNotice)} />
}
