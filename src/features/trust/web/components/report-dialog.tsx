import { useMutation } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import { useId, useState } from 'react'
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportRequest,
  TRUST_LIMITS,
} from '@/features/trust/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { toast } from '@/platform/web/lib/toast'
import { reportMutation } from '../api'

/** The report's dialog: a reason, a few words, Send report. */
export default function ReportDialog({
  open,
  onOpenChange,
  target,
  what,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  target: ReportRequest['target']
  what: string
}) {
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [details, setDetails] = useState('')
  const [missing, setMissing] = useState(false)
  const report = useMutation(reportMutation)
  const legendId = useId()

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!reason) return setMissing(true)
    report.mutate(
      { target, reason, details: details.trim() || undefined },
      {
        onSuccess: () => {
          onOpenChange(false)
          toast.success('Report sent', { description: 'A moderator will look at it. Thank you.' })
        },
      },
    )
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-xl">
          <Dialog.Title className="font-bold text-lg">Report {what}</Dialog.Title>
          <Dialog.Description className="mt-1 text-muted text-sm">
            Moderators read every report. The trader is not told who reported them.
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
            <fieldset aria-describedby={missing && !reason ? legendId : undefined}>
              <legend className="font-medium text-sm">Why?</legend>
              <div className="mt-2 grid gap-1">
                {REPORT_REASONS.map((r) => (
                  <label
                    key={r}
                    className="flex min-h-10 items-center gap-3 rounded-lg px-2 hover:bg-surface-2"
                  >
                    <input
                      type="radio"
                      name="reason"
                      value={r}
                      checked={reason === r}
                      onChange={() => setReason(r)}
                      className="size-4 accent-accent"
                    />
                    <span className="text-sm">{REPORT_REASON_LABELS[r]}</span>
                  </label>
                ))}
              </div>
              {missing && !reason && (
                <p id={legendId} className="mt-1 text-danger text-sm">
                  Choose a reason
                </p>
              )}
            </fieldset>
            <TextAreaField
              label="What happened? (optional)"
              rows={4}
              maxLength={TRUST_LIMITS.maxDetails}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              hint={`${details.length} / ${TRUST_LIMITS.maxDetails}`}
            />
            {report.isError && <FormMessage kind="error">{report.error.message}</FormMessage>}
            <div className="flex justify-end gap-3">
              <Dialog.Close className={buttonClass('secondary')}>Cancel</Dialog.Close>
              <button type="submit" disabled={report.isPending} className={buttonClass('primary')}>
                {report.isPending ? 'Sending…' : 'Send report'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
