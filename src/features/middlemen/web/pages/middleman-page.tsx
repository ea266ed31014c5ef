import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, Suspense, useId, useState } from 'react'
import { Link } from 'react-router'
import { SignInPrompt, useFreshPermissions, useMe } from '@/features/accounts/web/public'
import type { MiddlemanJob, MiddlemanRequest } from '@/features/middlemen/contract'
import { MIDDLEMAN_LIMITS } from '@/features/middlemen/rules'
import { Conversation } from '@/features/trading/web/public'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { formatRelative } from '@/platform/web/lib/format'
import { toast } from '@/platform/web/lib/toast'
import { GAME_IDS, GAME_NAMES, type GameId } from '@/shared/games'
import { claimMutation, closeMutation, gamesMutation, middlemenQuery, queueQuery } from '../api'
import { JobTerms } from '../components/job-terms'

const STATUS_TEXT: Record<MiddlemanRequest['status'], string> = {
  open: 'Waiting for a middleman',
  claimed: 'In progress',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Withdrawn',
}

const errorText = (error: Error) => (error instanceof ApiError ? error.message : 'Please try again.')

function Summary({ request: r }: { request: MiddlemanRequest }) {
  return (
    <p className="text-sm">
      <span className="font-semibold">{GAME_NAMES[r.game]}</span> trade between{' '}
      {r.traders.map((t) => t.username).join(' and ')} ·{' '}
      <Link to={`/trading/ad/${r.adId}`} className="underline underline-offset-2">
        the ad
      </Link>{' '}
      · asked <time dateTime={r.createdAt}>{formatRelative(r.createdAt, Date.now())}</time>
    </p>
  )
}

/** Closing a job: done or failed, with a note for both traders. */
function CloseForm({ request }: { request: MiddlemanRequest }) {
  const client = useQueryClient()
  const close = useMutation(closeMutation(client, request.id))
  // No outcome is chosen for the middleman: they say what happened.
  const [outcome, setOutcome] = useState<'done' | 'failed' | null>(null)
  const [unchosen, setUnchosen] = useState(false)
  const [note, setNote] = useState('')
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!outcome) return setUnchosen(true)
    close.mutate({ outcome, note }, { onSuccess: () => toast('Job closed') })
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-2 rounded-lg border border-line p-3">
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 font-semibold">Close the job</legend>
        {(['done', 'failed'] as const).map((o) => (
          <label key={o} className="inline-flex min-h-6 items-center gap-2">
            <input
              type="radio"
              name={`${id}-outcome`}
              checked={outcome === o}
              onChange={() => {
                setOutcome(o)
                setUnchosen(false)
              }}
              aria-describedby={unchosen ? `${id}-unchosen` : undefined}
            />
            {o === 'done' ? 'Done: both sides delivered' : 'Failed: the trade did not happen'}
          </label>
        ))}
        {unchosen && (
          <p id={`${id}-unchosen`} className="basis-full text-danger text-sm">
            Choose how the trade ended.
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Note for both traders"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={MIDDLEMAN_LIMITS.noteMax}
        rows={2}
        error={close.error instanceof ApiError ? close.error.fields?.note : undefined}
      />
      {close.isError && !(close.error instanceof ApiError && close.error.fields?.note) && (
        <FormMessage kind="error">{errorText(close.error)}</FormMessage>
      )}
      <button
        type="submit"
        disabled={close.isPending}
        className={`${buttonClass('primary', 'sm')} justify-self-start`}
      >
        Close the job
      </button>
    </form>
  )
}

function Job({ request }: { request: MiddlemanJob }) {
  const [open, setOpen] = useState(request.status === 'claimed')
  return (
    <li className="rounded-xl border border-line bg-surface p-4">
      <p className="font-semibold text-sm">{STATUS_TEXT[request.status]}</p>
      <Summary request={request} />
      <JobTerms job={request} />
      {request.note && <p className="mt-1 text-muted text-sm">Your note: {request.note}</p>}
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className={`${buttonClass('ghost', 'sm')} mt-2`}
      >
        {open ? 'Hide the conversation' : 'Show the conversation'}
      </button>
      {open && (
        <Suspense fallback={<p className="mt-2 text-muted text-sm">Loading the conversation…</p>}>
          <Conversation
            offerId={request.offerId}
            me="middleman"
            others={request.traders.map((t) => ({ username: t.username, roblox: null }))}
            readOnly={request.status !== 'claimed'}
          />
        </Suspense>
      )}
      {request.status === 'claimed' && <CloseForm request={request} />}
    </li>
  )
}

/** The games this middleman works: shown on /escrow-service. */
function GamesForm({ current }: { current: GameId[] }) {
  const client = useQueryClient()
  const save = useMutation(gamesMutation(client))
  const [games, setGames] = useState<GameId[]>(current.length === GAME_IDS.length ? [] : current)
  const toggle = (g: GameId) => setGames(games.includes(g) ? games.filter((x) => x !== g) : [...games, g])
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(games, { onSuccess: () => toast('Games saved') })
      }}
      className="grid gap-2"
    >
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <legend className="mb-1 text-muted">The games you work (none ticked: every game)</legend>
        {GAME_IDS.map((g) => (
          <label key={g} className="inline-flex min-h-6 items-center gap-2">
            <input type="checkbox" checked={games.includes(g)} onChange={() => toggle(g)} />
            {GAME_NAMES[g]}
          </label>
        ))}
      </fieldset>
      {save.isError && <FormMessage kind="error">{errorText(save.error)}</FormMessage>}
      <button
        type="submit"
        disabled={save.isPending}
        className={`${buttonClass('secondary', 'sm')} justify-self-start`}
      >
        Save games
      </button>
    </form>
  )
}

function Queue({ username }: { username: string }) {
  const client = useQueryClient()
  const query = useQuery(queueQuery)
  const list = useQuery(middlemenQuery)
  const claim = useMutation(claimMutation(client))
  if (query.isPending) return <Spinner label="Loading the requests" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  const me = list.data?.middlemen.find((m) => m.username === username)
  return (
    <div className="grid gap-8">
      {me && !me.roblox && (
        <FormMessage kind="error">
          Verify your Roblox account on <Link to="/verification">Verification</Link> before you take requests.
        </FormMessage>
      )}
      <section aria-labelledby="open-title">
        <h2 id="open-title" className="font-semibold text-xl">
          Open requests
        </h2>
        {claim.isError && (
          <div className="mt-2">
            <FormMessage kind="error">{errorText(claim.error)}</FormMessage>
          </div>
        )}
        {query.data.requests.length === 0 ? (
          <p className="mt-2 text-muted">No open requests right now.</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {query.data.requests.map((r) => (
              <li key={r.id} className="rounded-xl border border-line bg-surface p-4">
                <Summary request={r} />
                <JobTerms job={r} />
                <button
                  type="button"
                  disabled={claim.isPending}
                  onClick={() => claim.mutate(r.id, { onSuccess: () => toast('Request taken') })}
                  className={`${buttonClass('primary', 'sm')} mt-3`}
                >
                  Take this trade
                  <span className="sr-only"> between {r.traders.map((t) => t.username).join(' and ')}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="jobs-title">
        <h2 id="jobs-title" className="font-semibold text-xl">
          My jobs
        </h2>
        {query.data.jobs.length === 0 ? (
          <p className="mt-2 text-muted">You have not taken a request yet.</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {query.data.jobs.map((r) => (
              <Job key={r.id} request={r} />
            ))}
          </ul>
        )}
      </section>
      {me && (
        <section aria-labelledby="games-title">
          <h2 id="games-title" className="font-semibold text-xl">
            My games
          </h2>
          <GamesForm current={me.games} />
        </section>
      )}
    </div>
  )
}

/** /middleman: an official middleman's queue, jobs and games. */
export function MiddlemanPage() {
  const { me, isPending } = useMe()
  const { refreshing } = useFreshPermissions()
  return (
    <Page
      title="Middleman requests"
      lead="Take an open request, talk to both traders, and close the job when the trade is over."
    >
      {isPending || (refreshing && !me) ? (
        <Spinner label="Checking access" />
      ) : !me ? (
        <SignInPrompt back="/middleman">
          Sign in with your middleman account to see the requests.
        </SignInPrompt>
      ) : me.isMiddleman ? (
        <Queue username={me.profile.username ?? ''} />
      ) : (
        <p className="text-muted">
          Only official middlemen see the requests. Read about the{' '}
          <Link to="/escrow-service">escrow service</Link>.
        </p>
      )}
    </Page>
  )
}
