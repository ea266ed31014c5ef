import type { ReportAction } from '@/features/trust/rules'

/** What was done with a report, as the queue and the audit log read it. */
export const RESOLUTION_LABELS: Record<ReportAction, string> = {
  dismiss: 'Dismissed',
  hide: 'Hidden',
  warn: 'Author warned',
  suspend: 'Author suspended',
}
