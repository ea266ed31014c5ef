import { ExternalLink, ThumbsDown, ThumbsUp } from 'lucide-react'
import { useId, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { signInHref } from '@/features/accounts/web/public'
import { changePercent } from '@/features/catalog/rules'
import type { Suggestion } from '@/features/value-ops/contract'
import { VALUE_LIMITS, VALUE_MESSAGES } from '@/features/value-ops/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { formatRelative } from '@/platform/web/lib/format'
import { toast } from '@/platform/web/lib/toast'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { useDecide, useVote } from '../api'

/** Who looks at a suggestion: a visitor (null), or a user and whether they edit its game. */
export interface Viewer {
  signedIn: boolean
  editsGame: (game: string) => boolean
}

const STATUS_LABELS: Record<Suggestion['status'], string> = {
  pending: 'Open',
  approved: 'Approved',
  rejected: 'Rejected',
}

const percentText = (percent: number | null) => `${percent !== null && percent > 0 ? '+' : ''}${percent}%`

function Percent({ s }: { s: Suggestion }) {
  const percent = changePercent(s.currentValue, s.value)
  if (percent === null) return null
  const text = percent === 0 ? 'same as now' : `${percentText(percent)} vs now`
  return <span className="text-muted text-sm tabular-nums">{text}</span>
}

/** Up and down: one tap votes, another on the same takes it back; shown at once. */
function Votes({ s, viewer }: { s: Suggestion; viewer: Viewer }) {
  const vote = useVote(s.id)
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const open = s.status === 'pending'
  const canVote = open && !s.mine
  const cast = (v: 1 | -1) => {
    if (!viewer.signedIn) {
      toast.error('Login Required', {
        description: 'Please log in to vote on suggestions',
        action: { label: 'Sign In', onClick: () => navigate(signInHref(pathname, search)) },
      })
      return
    }
    vote.mutate(s.myVote === v ? 0 : v)
  }
  const button = (v: 1 | -1) => {
    const Icon = v === 1 ? ThumbsUp : ThumbsDown
    const count = v === 1 ? s.up : s.down
    const word = v === 1 ? 'up' : 'down'
    if (!canVote)
      return (
        <span className="inline-flex items-center gap-1.5 px-2 text-muted text-sm tabular-nums">
          <Icon aria-hidden="true" className="size-4" />
          <span className="sr-only">{`Votes ${word}:`}</span> {count}
        </span>
      )
    return (
      <button
        type="button"
        aria-pressed={s.myVote === v}
        aria-label={`Vote ${word} (${count})`}
        onClick={() => cast(v)}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-line px-2.5 text-sm tabular-nums hover:border-accent/60 aria-pressed:border-accent/60 aria-pressed:bg-accent/10"
      >
        <Icon aria-hidden="true" className={`size-4 ${s.myVote === v ? 'text-accent' : 'text-muted'}`} />
        {count}
      </button>
    )
  }
  return (
    <div className="flex items-center gap-2">
      {button(1)}
      {button(-1)}
    </div>
  )
}

/** A change this large (either way) is approved only after a second tap: a slip would cost traders. */
const LARGE_CHANGE_PERCENT = 90

/**
 * An editor's Approve (one tap, a second for a change of 90 % or more) and Reject (with a note saying
 * why), for a suggestion the server says they may decide (`mayDecide`: never their own).
 */
function Decide({ s }: { s: Suggestion }) {
  const decide = useDecide(s)
  const percent = changePercent(s.currentValue, s.value)
  const large = percent !== null && Math.abs(percent) >= LARGE_CHANGE_PERCENT
  const [rejecting, setRejecting] = useState(false)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const noteId = useId()
  const reject = (e: React.FormEvent) => {
    e.preventDefault()
    const trimmed = note.trim()
    if (!trimmed) return setError(VALUE_MESSAGES.rejectNoteRequired)
    setError(null)
    decide.mutate({ approve: false, note: trimmed })
  }
  return (
    <div className="mt-3 border-line border-t pt-3">
      {rejecting ? (
        <form onSubmit={reject} className="flex flex-col gap-2" noValidate>
          <label htmlFor={noteId} className="font-medium text-sm">
            Why is it rejected?
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={VALUE_LIMITS.noteMax}
            rows={2}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${noteId}-error` : undefined}
            className="w-full rounded-lg border border-line bg-bg px-3 py-2 text-ink aria-invalid:border-danger"
          />
          {error && (
            <p id={`${noteId}-error`} className="text-danger text-sm">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass('primary', 'sm')} disabled={decide.isPending}>
              Reject suggestion
            </button>
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setRejecting(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <ConfirmInPlace
            ask={large}
            question={`Approve a change of ${percentText(percent)}?`}
            confirmLabel="Approve anyway"
            disabled={decide.isPending}
            className={buttonClass('primary', 'sm')}
            onConfirm={(settled) => decide.mutate({ approve: true }, { onSettled: settled })}
          >
            Approve
          </ConfirmInPlace>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={decide.isPending}
            onClick={() => setRejecting(true)}
          >
            Reject
          </button>
        </div>
      )}
    </div>
  )
}

/** One suggestion: the value and how far it is from now, why, by whom and when, votes, and the decision. */
export function SuggestionCard({
  s,
  viewer,
  showItem = false,
}: {
  s: Suggestion
  viewer: Viewer
  showItem?: boolean
}) {
  const headingId = useId()
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold">
            {showItem && (
              <>
                <Link to={`/values/${s.gameId}/${s.itemId}#suggest`} className="text-accent hover:underline">
                  {s.itemName}
                </Link>
                {': '}
              </>
            )}
            <span className="tabular-nums" title={formatValueFull(s.value)}>
              {formatValue(s.value)}
            </span>
          </h3>
          <p className="flex flex-wrap items-center gap-x-2">
            <span className="text-muted text-sm">Value now: {formatValue(s.currentValue)}</span>
            <Percent s={s} />
          </p>
        </div>
        <div className="flex items-center gap-2">
          <span
            className={`rounded-full border px-2 py-0.5 font-semibold text-xs ${
              s.status === 'approved'
                ? 'border-accent/50 text-accent'
                : s.status === 'rejected'
                  ? 'border-danger/50 text-danger'
                  : 'border-line text-muted'
            }`}
          >
            {STATUS_LABELS[s.status]}
          </span>
          <Votes s={s} viewer={viewer} />
        </div>
      </div>
      <p className="mt-2 whitespace-pre-line text-sm [overflow-wrap:anywhere]">{s.reason}</p>
      {s.evidenceUrl && (
        <a
          href={s.evidenceUrl}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          className="mt-1 inline-flex items-center gap-1 text-accent text-sm underline [overflow-wrap:anywhere]"
        >
          Evidence <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      <p className="mt-2 text-muted text-xs">
        {s.by ? (
          <>
            by{' '}
            <Link to={`/u/${s.by}`} className="underline">
              {s.by}
            </Link>
          </>
        ) : (
          'by a former trader'
        )}
        {s.mine && ' (you)'} · <time dateTime={s.createdAt}>{formatRelative(s.createdAt)}</time>
      </p>
      {s.note && (
        <p className="mt-2 rounded-lg bg-surface-2 px-3 py-2 text-sm">
          <span className="font-medium">Value team: </span>
          {s.note}
        </p>
      )}
      {s.status === 'pending' &&
        (s.mayDecide ? (
          <Decide s={s} />
        ) : (
          s.mine &&
          viewer.editsGame(s.gameId) && (
            <p className="mt-3 border-line border-t pt-3 text-muted text-sm">{VALUE_MESSAGES.ownDecision}.</p>
          )
        ))}
    </article>
  )
}
