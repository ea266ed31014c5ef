import type { AdStatus, OfferStatus } from '@/features/trading/rules'

const LABELS: Record<AdStatus | OfferStatus, string> = {
  open: 'Open',
  closed: 'Closed',
  expired: 'Expired',
  traded: 'Traded',
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
}

const WAITING = 'border-warn/50 bg-warn/10 text-warn'
const GOOD = 'border-accent/60 bg-accent/10 text-accent'
const ENDED = 'border-line bg-surface-2 text-muted'

const STYLES: Record<AdStatus | OfferStatus, string> = {
  open: GOOD,
  closed: ENDED,
  expired: ENDED,
  traded: GOOD,
  pending: WAITING,
  accepted: 'border-sky-400/50 bg-sky-400/10 text-sky-300',
  declined: ENDED,
  cancelled: ENDED,
  completed: GOOD,
}

/** Where an ad or an offer stands: "Open", "Pending", "Traded"… */
export function StatusBadge({ status }: { status: AdStatus | OfferStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 font-semibold text-xs ${STYLES[status]}`}
    >
      {LABELS[status]}
    </span>
  )
}
