import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { MAIL_FILTERS } from '@/features/admin/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { toast } from '@/platform/web/lib/toast'
import { OUTBOX_KEEP_DAYS } from '@/shared/constants'
import { type MailFilter, mailQuery, useRetryMail } from '../api'
import { AdminArea, Pager, StatusFilter, when } from '../components/admin-area'
import { errorText } from '../error-text'

const MAIL_LABELS: Record<MailFilter, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  stuck: 'Stuck',
}

/** /admin/mail: the outgoing mail by status; failed mails to retry. */
export function MailPage() {
  return (
    <AdminArea title="Mail queue" back="/admin/mail">
      <MailQueue />
    </AdminArea>
  )
}

function MailQueue() {
  const [status, setStatus] = useState<MailFilter | ''>('failed')
  const [page, setPage] = useState(1)
  const query = useQuery(mailQuery(status, page))
  const retry = useRetryMail()
  if (query.isPending) return <Spinner label="Loading the mail queue" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  const { counts, mails, pageSize, total } = query.data
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <StatusFilter
        legend="Show mails"
        statuses={MAIL_FILTERS}
        labels={MAIL_LABELS}
        counts={counts}
        value={status}
        onChange={(s) => {
          setStatus(s)
          setPage(1)
        }}
      />
      <p className="text-muted text-sm">Sent and failed mails are kept for {OUTBOX_KEEP_DAYS} days.</p>
      {mails.length === 0 ? (
        <p className="text-muted">No mail here.</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface px-4">
          {mails.map((m) => (
            <li key={m.id} className="grid grid-cols-[minmax(0,1fr)] gap-1 py-3 text-sm">
              <span className="flex flex-wrap justify-between gap-x-4">
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{m.toEmail}</span>
                <span className="text-muted">
                  {m.stuck ? 'Stuck' : MAIL_LABELS[m.status]} · {when(m.createdAt)}
                </span>
              </span>
              <span className="[overflow-wrap:anywhere]">{m.subject}</span>
              <span className="text-muted text-xs">
                Attempts {m.attempts} of {m.maxAttempts}
                {m.lastError && <> · last error: {m.lastError}</>}
              </span>
              {m.status === 'failed' && (
                <button
                  type="button"
                  disabled={retry.isPending}
                  onClick={() =>
                    retry.mutate(m.id, {
                      onSuccess: () => toast.success(`Mail to ${m.toEmail} queued again`),
                      onError: (error) => toast.error(errorText(error, 'Could not retry this mail')),
                    })
                  }
                  className={`${buttonClass('secondary', 'sm')} justify-self-start`}
                >
                  Retry <span className="sr-only">mail to {m.toEmail}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={pageSize} total={total} onPage={setPage} />
    </div>
  )
}
