import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { SignInPrompt, useMe } from '@/features/accounts/web/public'
import type { Dispute } from '@/features/disputes/contract'
import { DISPUTE_LIMITS, DISPUTE_REASON_LABELS, type DisputeOutcome } from '@/features/disputes/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { formatDay, formatRelative } from '@/platform/web/lib/format'
import { toast } from '@/platform/web/lib/toast'
import { disputeQuery, useAddEvidence, useDisputeMessage, useResolveDispute } from '../api'
import { DisputeStatusBadge } from '../components/dispute-status'
import { ImageField } from '../components/image-field'
import { messageAuthor } from '../message-author'

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : null)

function Trader({ username }: { username: string | null }) {
  return username ? (
    <Link to={`/u/${username}`} className="font-medium text-accent underline">
      {username}
    </Link>
  ) : (
    <span className="text-muted">a deleted account</span>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The evidence images as thumbnails (each opens the full image), and, for the traders, one more. */
function Evidence({ dispute }: { dispute: Dispute }) {
  const add = useAddEvidence(dispute.id)
  const [file, setFile] = useState<File | null>(null)
  const mayAdd =
    dispute.status === 'open' &&
    (dispute.role === 'opener' || dispute.role === 'respondent') &&
    dispute.evidence.length < DISPUTE_LIMITS.maxEvidence
  return (
    <Section id="evidence" title={`Evidence (${dispute.evidence.length} of ${DISPUTE_LIMITS.maxEvidence})`}>
      {dispute.evidence.length === 0 ? (
        <p className="mt-2 text-muted">No images yet.</p>
      ) : (
        <ul aria-label="Evidence images" className="mt-3 flex flex-wrap gap-3">
          {dispute.evidence.map((e, i) => (
            <li key={e.id}>
              <a href={e.url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={e.url}
                  alt={`Evidence ${i + 1}${e.by ? ` from ${e.by}` : ''}`}
                  width={e.width}
                  height={e.height}
                  loading="lazy"
                  className="h-28 w-auto max-w-40 rounded-lg border border-line object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {mayAdd && (
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            if (!file) return
            const form = e.currentTarget
            add.mutate(file, {
              onSuccess: () => {
                toast.success('Image added')
                form.reset()
                setFile(null)
              },
            })
          }}
        >
          <ImageField label="Add an image" onChange={setFile} error={errorText(add.error)} />
          <button type="submit" disabled={!file || add.isPending} className={buttonClass('secondary', 'sm')}>
            {add.isPending ? 'Uploading…' : 'Upload'}
          </button>
        </form>
      )}
    </Section>
  )
}

function Messages({ dispute }: { dispute: Dispute }) {
  const { me } = useMe()
  const write = useDisputeMessage(dispute.id)
  const [body, setBody] = useState('')
  return (
    <Section id="messages" title="Messages">
      {dispute.messages.length === 0 ? (
        <p className="mt-2 text-muted">No messages yet.</p>
      ) : (
        <ol aria-label="Messages" className="mt-2 divide-y divide-line">
          {dispute.messages.map((m) => {
            const { name, part } = messageAuthor(m, me?.profile.username ?? null)
            return (
              <li key={m.id} className="py-3">
                <p className="flex flex-wrap gap-x-2 text-sm">
                  <span className="font-medium">{name}</span>
                  {part && <span className="text-muted">({part})</span>}
                  <time dateTime={m.createdAt} className="text-muted">
                    {formatRelative(m.createdAt)}
                  </time>
                </p>
                <p className="mt-1 whitespace-pre-line break-words">{m.body}</p>
              </li>
            )
          })}
        </ol>
      )}
      {dispute.status === 'open' && (
        <form
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault()
            write.mutate(body, { onSuccess: () => setBody('') })
          }}
        >
          <TextAreaField
            label="Your answer"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            maxLength={DISPUTE_LIMITS.maxMessage}
            rows={3}
            required
            error={errorText(write.error)}
          />
          <button type="submit" disabled={write.isPending} className={buttonClass('primary', 'sm')}>
            Send
          </button>
        </form>
      )}
    </Section>
  )
}

/** The moderators' decision: upheld or rejected, a note, and (upheld) the other trader suspended. */
function Decision({ dispute }: { dispute: Dispute }) {
  const resolve = useResolveDispute(dispute.id)
  const [outcome, setOutcome] = useState<DisputeOutcome>('upheld')
  const [note, setNote] = useState('')
  const [suspend, setSuspend] = useState(false)
  const respondent = dispute.respondent.username ?? 'the other trader'
  return (
    <Section id="decision" title="Decide">
      <form
        className="mt-3 space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          resolve.mutate(
            { outcome, note, suspend: outcome === 'upheld' && suspend },
            { onSuccess: () => toast.success(outcome === 'upheld' ? 'Dispute upheld' : 'Dispute rejected') },
          )
        }}
      >
        <fieldset>
          <legend className="font-medium text-sm">Outcome</legend>
          {(
            [
              ['upheld', `Upheld: ${respondent} was in the wrong`],
              ['rejected', 'Rejected'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="mt-2 flex items-center gap-2">
              <input
                type="radio"
                name="outcome"
                value={value}
                checked={outcome === value}
                onChange={() => setOutcome(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label="Note to both traders"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={DISPUTE_LIMITS.maxNote}
          rows={3}
        />
        {outcome === 'upheld' && (
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={suspend} onChange={(e) => setSuspend(e.target.checked)} />
            Also suspend {respondent}
          </label>
        )}
        {resolve.error && <FormMessage kind="error">{errorText(resolve.error)}</FormMessage>}
        <button type="submit" disabled={resolve.isPending} className={buttonClass('primary')}>
          Record the decision
        </button>
      </form>
    </Section>
  )
}

function DisputeView({ dispute }: { dispute: Dispute }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <DisputeStatusBadge status={dispute.status} />
        <span className="font-medium">{DISPUTE_REASON_LABELS[dispute.reason]}</span>
        <span className="text-muted text-sm">opened {formatDay(dispute.createdAt)}</span>
        <Link
          to={`/trading/ad/${dispute.adId}?offer=${dispute.offerId}`}
          className="text-accent text-sm underline"
        >
          See the trade
        </Link>
      </div>
      <p className="mt-3 [overflow-wrap:anywhere]">
        <Trader username={dispute.opener.username} /> against{' '}
        <Trader username={dispute.respondent.username} />
        {dispute.middleman && (
          <>
            {' '}
            · middleman <Trader username={dispute.middleman.username} />
          </>
        )}
      </p>
      <p className="mt-3 whitespace-pre-line break-words rounded-lg bg-surface px-4 py-3">
        {dispute.details}
      </p>
      {dispute.resolution && (
        <div role="status" className="mt-4 rounded-2xl border border-line bg-surface p-4">
          <p className="font-semibold">
            {dispute.status === 'upheld' ? 'Upheld' : 'Rejected'} by a moderator on{' '}
            {formatDay(dispute.resolution.at)}
          </p>
          {dispute.resolution.note && (
            <p className="mt-1 whitespace-pre-line break-words">{dispute.resolution.note}</p>
          )}
        </div>
      )}
      <Evidence dispute={dispute} />
      <Messages dispute={dispute} />
      {dispute.status === 'open' &&
        (dispute.mayDecide ? (
          <Decision dispute={dispute} />
        ) : (
          dispute.decideRefusal && (
            <p role="note" className="mt-6 rounded-2xl border border-line bg-surface p-4 text-muted">
              {dispute.decideRefusal}.
            </p>
          )
        ))}
    </>
  )
}

/** /dispute-center/:id: a dispute for its two traders, the trade's middleman and the moderators. */
export function DisputePage() {
  const id = Number(useParams().id)
  const valid = Number.isSafeInteger(id) && id > 0
  const { me, isPending } = useMe()
  const query = useQuery({ ...disputeQuery(id), enabled: valid && !!me })
  return (
    <Page title={valid ? `Dispute #${id}` : 'Dispute'}>
      <p className="-mt-4 mb-6">
        <Link to="/dispute-center" className="text-accent text-sm underline">
          Dispute center
        </Link>
      </p>
      {isPending ? (
        <Spinner label="Loading the dispute" />
      ) : !me ? (
        <SignInPrompt back={`/dispute-center/${valid ? id : ''}`}>Sign in to read this dispute.</SignInPrompt>
      ) : !valid || (query.error instanceof ApiError && query.error.status === 404) ? (
        <FormMessage kind="error">This dispute does not exist, or it is not yours to read.</FormMessage>
      ) : query.isPending ? (
        <Spinner label="Loading the dispute" />
      ) : query.isError ? (
        <ErrorPanel onRetry={() => query.refetch()} />
      ) : (
        <DisputeView dispute={query.data} />
      )}
    </Page>
  )
}
