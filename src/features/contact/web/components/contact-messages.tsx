import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Pager, StatusFilter, when } from '@/features/admin/web/public'
import {
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  CONTACT_TOPIC_LABELS,
  type ContactStatus,
} from '@/features/contact/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Select } from '@/platform/web/components/ui/select'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { toast } from '@/platform/web/lib/toast'
import { contactMessagesQuery, useSetContactStatus } from '../api'

const STATUS_OPTIONS = CONTACT_STATUSES.map((s) => [s, CONTACT_STATUS_LABELS[s]] as const)

/** The contact form's messages, newest first, by status; each one's status is changed in place. */
export function ContactMessages() {
  const [status, setStatus] = useState<ContactStatus | ''>('new')
  const [page, setPage] = useState(1)
  const query = useQuery(contactMessagesQuery(status, page))
  const setMessageStatus = useSetContactStatus()
  if (query.isPending) return <Spinner label="Loading the contact messages" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  const { counts, messages, pageSize, total } = query.data
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <StatusFilter
        legend="Show messages"
        statuses={CONTACT_STATUSES}
        labels={CONTACT_STATUS_LABELS}
        counts={counts}
        value={status}
        onChange={(s) => {
          setStatus(s)
          setPage(1)
        }}
      />
      {messages.length === 0 ? (
        <p className="text-muted">No messages here.</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface px-4">
          {messages.map((m) => (
            <li key={m.id} className="grid grid-cols-[minmax(0,1fr)] gap-2 py-4 text-sm">
              <span className="flex flex-wrap justify-between gap-x-4">
                <span className="font-medium">{CONTACT_TOPIC_LABELS[m.topic]}</span>
                <span className="text-muted">{when(m.createdAt)}</span>
              </span>
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">{m.message}</p>
              <span className="flex flex-wrap items-end justify-between gap-3">
                <a
                  href={`mailto:${m.email}`}
                  className="text-accent [overflow-wrap:anywhere] hover:underline"
                >
                  {m.email}
                </a>
                <Select
                  label={`Status of message ${m.id} from ${m.email}`}
                  hideLabel
                  value={m.status}
                  options={STATUS_OPTIONS}
                  onChange={(next) =>
                    setMessageStatus.mutate(
                      { id: m.id, status: next as ContactStatus },
                      {
                        onSuccess: () =>
                          toast.success(`Marked ${CONTACT_STATUS_LABELS[next as ContactStatus]}`),
                        onError: (error) =>
                          toast.error(error instanceof Error ? error.message : 'Could not change the status'),
                      },
                    )
                  }
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={pageSize} total={total} onPage={setPage} />
    </div>
  )
}
