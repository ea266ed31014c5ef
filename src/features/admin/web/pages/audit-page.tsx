import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AuditEntry } from '@/features/admin/contract'
import { AUDIT_ACTION_LABELS } from '@/features/admin/rules'
import { isRole, type Role, roleLabel } from '@/features/roles/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { AUDIT_ACTIONS, type AuditAction } from '@/shared/audit'
import { auditQuery } from '../api'
import { AdminArea, Pager, when } from '../components/admin-area'
import { RESOLUTION_LABELS } from '../components/report-labels'

/** /admin/audit: every admin and role action, newest first. */
export function AuditPage() {
  return (
    <AdminArea title="Audit log" back="/admin/audit">
      <AuditLog />
    </AdminArea>
  )
}

function describe(entry: AuditEntry): string {
  const d = entry.detail
  switch (entry.action) {
    case 'role.grant':
    case 'role.revoke':
      return `${AUDIT_ACTION_LABELS[entry.action]}: ${isRole(String(d.role)) ? roleLabel(d.role as Role) : String(d.role)}`
    case 'user.suspend':
      return `${AUDIT_ACTION_LABELS[entry.action]}: ${String(d.reason)}`
    case 'report.resolve':
      return `${AUDIT_ACTION_LABELS[entry.action]}: ${RESOLUTION_LABELS[d.action as keyof typeof RESOLUTION_LABELS] ?? String(d.action)}`
    case 'mail.retry':
      return `${AUDIT_ACTION_LABELS[entry.action]}: "${String(d.subject)}" to ${String(d.to)}`
    default:
      return AUDIT_ACTION_LABELS[entry.action]
  }
}

function AuditLog() {
  const [action, setAction] = useState<AuditAction | ''>('')
  const [page, setPage] = useState(1)
  const query = useQuery(auditQuery(action, page))
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <label className="flex items-center gap-2 text-sm">
        Show
        <select
          value={action}
          onChange={(e) => {
            setAction(e.target.value as AuditAction | '')
            setPage(1)
          }}
          className="rounded-lg border border-line bg-bg px-2 py-1.5"
        >
          <option value="">every action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {AUDIT_ACTION_LABELS[a].toLowerCase()}
            </option>
          ))}
        </select>
      </label>
      {query.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : query.isError ? (
        <ErrorPanel onRetry={() => query.refetch()} />
      ) : query.data.entries.length === 0 ? (
        <p className="text-muted">Nothing recorded yet.</p>
      ) : (
        <>
          <ol
            aria-label="Audit log"
            className="divide-y divide-line rounded-2xl border border-line bg-surface px-4"
          >
            {query.data.entries.map((e) => (
              <li key={e.id} className="grid grid-cols-[minmax(0,1fr)] gap-0.5 py-3 text-sm">
                <span className="font-medium">{describe(e)}</span>
                <span className="text-muted [overflow-wrap:anywhere]">
                  {e.targetEmail && <>{e.targetEmail} · </>}by {e.actorEmail ?? 'unknown'} · {when(e.at)}
                  {e.ip && <> · from {e.ip}</>}
                </span>
              </li>
            ))}
          </ol>
          <Pager page={page} pageSize={query.data.pageSize} total={query.data.total} onPage={setPage} />
        </>
      )}
    </div>
  )
}
