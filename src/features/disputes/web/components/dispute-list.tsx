import { Link } from 'react-router'
import type { DisputeSummary } from '@/features/disputes/contract'
import { DISPUTE_REASON_LABELS } from '@/features/disputes/rules'
import { formatDay } from '@/platform/web/lib/format'
import { DisputeStatusBadge } from './dispute-status'

const name = (u: { username: string | null }) => u.username ?? 'a deleted account'

/**
 * Disputes as a list of links to their pages: who against whom, why, when, their state, and (in the
 * moderators' queue) why an open one is not this reader's to decide.
 */
export function DisputeList({ disputes, label }: { disputes: readonly DisputeSummary[]; label: string }) {
  return (
    <ul aria-label={label} className="mt-4 divide-y divide-line rounded-2xl border border-line bg-surface">
      {disputes.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-4">
          <Link to={`/dispute-center/${d.id}`} className="font-semibold text-accent underline">
            Dispute #{d.id}
          </Link>
          <span>{DISPUTE_REASON_LABELS[d.reason]}</span>
          <span className="text-muted text-sm [overflow-wrap:anywhere]">
            {name(d.opener)} against {name(d.respondent)} · {formatDay(d.createdAt)}
          </span>
          <span className="ml-auto">
            <DisputeStatusBadge status={d.status} />
          </span>
          {d.status === 'open' && d.decideRefusal && (
            <span className="w-full text-muted text-sm">{d.decideRefusal}.</span>
          )}
        </li>
      ))}
    </ul>
  )
}
