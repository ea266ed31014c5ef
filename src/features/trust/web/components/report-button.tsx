import { Flag } from 'lucide-react'
import { Suspense, useState } from 'react'
import type { ReportRequest } from '@/features/trust/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { lazy } from '@/platform/web/lib/lazy'

const ReportDialog = lazy(() => import('./report-dialog'))

/**
 * "Report" (its name says what, for screen readers: "Report this message from …"): asks why (scam, spam, harassment, impersonation, something else) and a few words, in a
 * dialog whose code loads on the first tap. `what` names it for the dialog's title ("this ad").
 */
export function ReportButton({
  target,
  what,
  label = 'Report',
  className = buttonClass('ghost', 'sm'),
}: {
  target: ReportRequest['target']
  what: string
  label?: string
  className?: string
}) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <Flag aria-hidden="true" className="size-4" />
        {label}
        {label === 'Report' && <span className="sr-only"> {what}</span>}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} target={target} what={what} />
        </Suspense>
      )}
    </>
  )
}
