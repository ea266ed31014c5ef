import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useMe } from '@/features/accounts/web/public'
import { RESOLUTION_LABELS, when } from '@/features/admin/web/public'
import type { Report } from '@/features/trust/contract'
import {
  actionFits,
  REPORT_ACTIONS,
  REPORT_REASON_LABELS,
  type ReportAction,
  type ReportStatus,
  type ReportTargetKind,
  TRUST_LIMITS,
} from '@/features/trust/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { TextAreaField } from '@/platform/web/components/ui/field'
import { Pager } from '@/platform/web/components/ui/pager'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatCount } from '@/platform/web/lib/format'
import { toast } from '@/platform/web/lib/toast'
import { reportsQuery, useResolveReport } from '../reports-api'

const KIND_LABELS: Record<ReportTargetKind, string> = {
  ad: 'Ad',
  message: 'Message',
  review: 'Review',
  suggestion: 'Value suggestion',
  user: 'User',
}

const ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  warn: 'Warn',
  suspend: 'Suspend',
}

const STATUS_LABELS: Record<ReportStatus, string> = { open: 'Open', resolved: 'Resolved' }

type Person = Report['reporter']

/** A person by @username (never an e-mail): a link to the user's admin page, for admins. */
function PersonName({ person, linked }: { person: Person; linked: boolean }) {
  if (!person) return <span className="text-muted">A deleted account</span>
  const name = person.username ? `@${person.username}` : 'An account without a username'
  return (
    <span className="[overflow-wrap:anywhere]">
      {linked ? (
        <Link to={`/admin/users/${person.id}`} className="font-medium">
          {name}
        </Link>
      ) : (
        <span className="font-medium">{name}</span>
      )}
    </span>
  )
}

/**
 * The moderators' queue: the open reports oldest first, or the resolved ones newest first (the view
 * and the page are in the address). Each open report the server lets this reader decide (`mayDecide`)
 * is resolved in place: Dismiss, Hide, Warn or Suspend, with an optional note; the others say why not.
 */
export function ReportsQueue() {
  const [search] = useSearchParams()
  const status: ReportStatus = search.get('status') === 'resolved' ? 'resolved' : 'open'
  const page = Math.max(1, Math.min(1000, Math.trunc(Number(search.get('page'))) || 1))
  const query = useQuery(reportsQuery(status, page))
  const { me } = useMe()
  const countRef = useRef<HTMLParagraphElement>(null)
  const hrefFor = (s: ReportStatus, p = 1) => {
    const q = new URLSearchParams()
    if (s === 'resolved') q.set('status', s)
    if (p > 1) q.set('page', String(p))
    return `/admin/reports${q.size ? `?${q}` : ''}`
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <nav aria-label="Reports by status">
        <ul className="flex flex-wrap gap-2">
          {(['open', 'resolved'] as const).map((s) => (
            <li key={s}>
              <Link
                to={hrefFor(s)}
                aria-current={s === status ? 'page' : undefined}
                className={buttonClass(s === status ? 'primary' : 'secondary', 'sm')}
              >
                {STATUS_LABELS[s]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {query.isPending ? (
        <Spinner label="Loading the reports" />
      ) : query.isError ? (
        <ErrorPanel onRetry={() => query.refetch()} />
      ) : (
        <>
          <p ref={countRef} tabIndex={-1} className="text-muted text-sm outline-none">
            {query.data.total === 0
              ? status === 'open'
                ? 'No open reports. Nice and quiet.'
                : 'No resolved reports yet.'
              : `${formatCount(query.data.total)} ${status} ${query.data.total === 1 ? 'report' : 'reports'}${status === 'open' ? ', oldest first' : ', latest first'}`}
          </p>
          {query.data.reports.length > 0 && (
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-4">
              {query.data.reports.map((r) => (
                <li key={r.id}>
                  <ReportCard
                    report={r}
                    adminLinks={!!me?.isAdmin}
                    onResolved={() => countRef.current?.focus()}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={query.data.page}
            pageCount={query.data.pageCount}
            hrefFor={(p) => hrefFor(status, p)}
          />
        </>
      )}
    </div>
  )
}

function ReportCard({
  report: r,
  adminLinks,
  onResolved,
}: {
  report: Report
  adminLinks: boolean
  onResolved: () => void
}) {
  const headingId = useId()
  const kind = KIND_LABELS[r.target.kind]
  const author = r.author?.username ? `@${r.author.username}` : 'the author'
  return (
    <article
      aria-labelledby={headingId}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-2xl border border-line bg-surface p-4 text-sm sm:p-6"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="font-semibold text-base">
          {kind} reported: {REPORT_REASON_LABELS[r.reason]}
        </h2>
        <span className="text-muted">{when(r.createdAt)}</span>
      </header>
      <section aria-label="What was reported" className="rounded-xl border border-line bg-bg p-3">
        {r.content ? (
          <>
            <p className="whitespace-pre-line [overflow-wrap:anywhere]">
              {r.content.text || <span className="text-muted">(no text)</span>}
            </p>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
              {r.content.hidden && (
                <span className="rounded-full bg-danger/15 px-2 py-0.5 font-semibold text-danger">
                  Hidden
                </span>
              )}
              {r.content.link && (
                <Link to={r.content.link} className="font-semibold text-accent">
                  Open the {kind.toLowerCase()}
                  <span className="sr-only"> reported for {REPORT_REASON_LABELS[r.reason]}</span>
                </Link>
              )}
            </p>
          </>
        ) : (
          <p className="text-muted">Deleted</p>
        )}
      </section>
      {r.details && (
        <p className="whitespace-pre-line [overflow-wrap:anywhere]">
          <span className="text-muted">Details: </span>
          {r.details}
        </p>
      )}
      <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-4 gap-y-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="text-muted">Reported by</dt>
        <dd>
          <PersonName person={r.reporter} linked={adminLinks} />
        </dd>
        <dt className="text-muted">Author</dt>
        <dd>
          <PersonName person={r.author} linked={adminLinks} />
        </dd>
        <dt className="text-muted">Earlier reports</dt>
        <dd>
          {r.earlierReports.length === 0 ? (
            'None'
          ) : (
            <ul>
              {r.earlierReports.map((e) => (
                <li key={e.id}>
                  {REPORT_REASON_LABELS[e.reason]} · {when(e.createdAt)} ·{' '}
                  {e.action ? RESOLUTION_LABELS[e.action] : 'Open'}
                </li>
              ))}
            </ul>
          )}
        </dd>
        {r.resolution && (
          <>
            <dt className="text-muted">Resolution</dt>
            <dd className="[overflow-wrap:anywhere]">
              <strong>{RESOLUTION_LABELS[r.resolution.action]}</strong>
              {r.resolution.by && <> by @{r.resolution.by}</>} · {when(r.resolution.at)}
              {r.resolution.note && <span className="block">Note: {r.resolution.note}</span>}
            </dd>
          </>
        )}
      </dl>
      {r.status === 'open' &&
        (r.mayDecide ? (
          <ResolveForm report={r} author={author} onResolved={onResolved} />
        ) : (
          <p role="note" className="border-line border-t pt-3 text-muted">
            {r.decideRefusal ?? 'This report is not yours to decide'}.
          </p>
        ))}
    </article>
  )
}

/** The note and the four actions (Hide only for content still shown; Warn and Suspend need an author). */
function ResolveForm({
  report: r,
  author,
  onResolved,
}: {
  report: Report
  author: string
  onResolved: () => void
}) {
  const [note, setNote] = useState('')
  const resolve = useResolveReport()
  const kind = KIND_LABELS[r.target.kind].toLowerCase()
  const offered = REPORT_ACTIONS.filter(
    (a) =>
      actionFits(r.target.kind, a) &&
      (a !== 'hide' || (r.content !== null && !r.content.hidden)) &&
      ((a !== 'warn' && a !== 'suspend') || r.author !== null),
  )
  const done: Record<ReportAction, string> = {
    dismiss: 'Report dismissed',
    hide: `The ${kind} is hidden`,
    warn: `${author} was warned`,
    suspend: `${author} is suspended`,
  }
  const act = (action: ReportAction, settled?: () => void) =>
    resolve.mutate(
      { id: r.id, action, ...(note.trim() && { note: note.trim() }) },
      {
        onSuccess: () => {
          toast.success(done[action])
          onResolved()
        },
        onError: (error) =>
          toast.error(error instanceof Error ? error.message : 'That did not work. Please try again.'),
        onSettled: settled,
      },
    )
  return (
    <fieldset className="grid grid-cols-[minmax(0,1fr)] gap-3 border-line border-t pt-3">
      <legend className="sr-only">Resolve this report</legend>
      <TextAreaField
        label="Note (optional)"
        hint="Kept with the report. Warn sends it to the author; Suspend shows it to them as the reason."
        rows={2}
        maxLength={TRUST_LIMITS.maxNote}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex flex-wrap items-center gap-2">
        {offered.map((a) =>
          a === 'suspend' ? (
            <ConfirmInPlace
              key={a}
              question={`Suspend ${author}?`}
              confirmLabel="Suspend"
              disabled={resolve.isPending}
              onConfirm={(settled) => act(a, settled)}
            >
              Suspend
            </ConfirmInPlace>
          ) : (
            <button
              key={a}
              type="button"
              disabled={resolve.isPending}
              onClick={() => act(a)}
              className={buttonClass(a === 'dismiss' ? 'secondary' : 'primary', 'sm')}
            >
              {ACTION_LABELS[a]}
            </button>
          ),
        )}
      </div>
    </fieldset>
  )
}
