import { DISPUTE_STATUS_LABELS, type DisputeStatus } from '@/features/disputes/rules'

const TONES: Record<DisputeStatus, string> = {
  open: 'border-warn/50 text-warn',
  upheld: 'border-danger/50 text-danger',
  rejected: 'border-line text-muted',
}

/** A dispute's state as a small badge: Open, Upheld or Rejected. */
export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return (
    <span className={`rounded-full border px-2 py-0.5 font-medium text-xs ${TONES[status]}`}>
      {DISPUTE_STATUS_LABELS[status]}
    </span>
  )
}
