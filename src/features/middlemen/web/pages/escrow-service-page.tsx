import { useQuery } from '@tanstack/react-query'
import { ShieldAlert, ShieldCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import type { Middleman, MiddlemanCheckResponse, MiddlemanNameKind } from '@/features/middlemen/contract'
import { VerifiedBadge } from '@/features/verification/web/public'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage } from '@/platform/web/components/ui/field'
import { Page, Prose } from '@/platform/web/components/ui/page'
import { Rating } from '@/platform/web/components/ui/rating'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { GAME_IDS, GAME_NAMES } from '@/shared/games'
import { checkMiddleman, middlemenQuery } from '../api'

const gamesOf = (m: Middleman) =>
  m.games.length === GAME_IDS.length ? 'Every game' : m.games.map((g) => GAME_NAMES[g]).join(', ')

/** What a middleman's games, jobs and ratings are. */
function MiddlemanRecord({ middleman: m }: { middleman: Middleman }) {
  return (
    <>
      <p className="text-muted text-sm">
        {gamesOf(m)} · {m.jobsDone} job{m.jobsDone === 1 ? '' : 's'} done
      </p>
      <Rating reviews={m.rating} />
    </>
  )
}

function MiddlemanCard({ middleman: m }: { middleman: Middleman }) {
  return (
    <div className="grid gap-1.5">
      <p className="flex flex-wrap items-center gap-2">
        <Link to={`/u/${m.username}`} className="font-semibold text-ink underline-offset-2 hover:underline">
          {m.username}
        </Link>
        <span className="inline-flex items-center gap-1 rounded-full bg-accent/15 px-2 py-0.5 font-semibold text-xs">
          <ShieldCheck aria-hidden="true" className="size-3.5 text-accent" /> TradeHub middleman
        </span>
      </p>
      <VerifiedBadge roblox={m.roblox} />
      <MiddlemanRecord middleman={m} />
    </div>
  )
}

const NAME_KIND: Record<MiddlemanNameKind, string> = {
  tradehub: 'TradeHub username',
  roblox: 'Roblox name',
}

/**
 * Both of a middleman's names and their Roblox avatar, the one the checked name met marked with `mark`:
 * what a trader compares with the person in the Roblox trade window and on TradeHub.
 */
function MiddlemanNames({
  middleman: m,
  matched,
  mark,
}: {
  middleman: Middleman
  matched: MiddlemanNameKind
  mark: string
}) {
  const checked = (kind: MiddlemanNameKind) =>
    kind === matched && <span className="ml-1 text-muted text-xs">({mark})</span>
  return (
    <div className="flex flex-wrap items-start gap-3">
      {m.roblox?.avatarUrl && (
        <img
          src={m.roblox.avatarUrl}
          alt={`Roblox avatar of ${m.roblox.name}`}
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-lg border border-line bg-bg"
        />
      )}
      <dl className="grid min-w-0 gap-1 text-sm">
        <div>
          <dt className="text-muted text-xs">TradeHub username</dt>
          <dd className="break-all">
            <Link
              to={`/u/${m.username}`}
              className="font-semibold text-ink underline-offset-2 hover:underline"
            >
              {m.username}
            </Link>
            {checked('tradehub')}
          </dd>
        </div>
        <div>
          <dt className="text-muted text-xs">Roblox name</dt>
          <dd className="break-all">
            {m.roblox ? (
              <>
                <span className="font-semibold">@{m.roblox.name}</span>
                {m.roblox.displayName !== m.roblox.name && (
                  <span className="text-muted"> (shown as {m.roblox.displayName})</span>
                )}
                {checked('roblox')}
              </>
            ) : (
              <span className="text-muted">No verified Roblox account yet: they cannot take a trade</span>
            )}
          </dd>
        </div>
      </dl>
    </div>
  )
}

interface CheckedName {
  name: string
  matched: MiddlemanNameKind
  middleman: Middleman
}

/** The answer for a middleman's own name: which of their names it is, both names and the avatar. */
function OfficialAnswer({ name, matched, middleman: m }: CheckedName) {
  return (
    <div className="grid gap-2 rounded-lg border border-accent/40 bg-accent/10 p-3">
      <p className="flex items-center gap-1.5 font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-accent" />
        Yes: {name} is the {NAME_KIND[matched]} of an official TradeHub middleman.
      </p>
      <MiddlemanNames middleman={m} matched={matched} mark="the name you checked" />
      <MiddlemanRecord middleman={m} />
      <p className="text-sm">
        Compare both names and the avatar: in the Roblox trade window the other side must be
        {m.roblox ? ` @${m.roblox.name}` : ' their verified Roblox account'}, and on TradeHub only{' '}
        {m.username} is this middleman. Another account with the same name is not them.
      </p>
      <p className="text-sm">
        Still, a real middleman only joins a trade you requested on TradeHub, in its conversation.
      </p>
    </div>
  )
}

/** "Is the person DMing me one of yours?": a TradeHub username or a Roblox name, checked by the server. */
function CheckBox() {
  const [name, setName] = useState('')
  const [answer, setAnswer] = useState<(MiddlemanCheckResponse & { name: string }) | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const asked = name.trim()
    if (!asked) return setError('Enter a username or a Roblox name')
    setPending(true)
    setError(null)
    try {
      setAnswer({ ...(await checkMiddleman(asked)), name: asked })
    } catch (err) {
      setAnswer(null)
      setError(err instanceof ApiError ? err.message : 'The check failed. Please try again.')
    } finally {
      setPending(false)
    }
  }
  return (
    <section aria-labelledby="check-title" className="rounded-xl border border-line bg-surface p-4">
      <h2 id="check-title" className="font-semibold text-xl">
        Is this person an official middleman?
      </h2>
      <p className="mt-1 text-muted text-sm">
        Someone says they are a TradeHub middleman? Type their TradeHub username or Roblox name.
      </p>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-2">
        <Field
          label="Username or Roblox name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={40}
          autoComplete="off"
          className="min-w-0 flex-1"
        />
        <button type="submit" disabled={pending} className={buttonClass('primary')}>
          Check
        </button>
      </form>
      <div aria-live="polite" className="mt-3">
        {error && <FormMessage kind="error">{error}</FormMessage>}
        {answer?.official && <OfficialAnswer {...answer} />}
        {answer && !answer.official && (
          <div className="flex gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-danger" />
            <div className="grid gap-2">
              <p>
                <strong>{answer.name} is not a TradeHub middleman.</strong> Do not trade through them and do
                not give them anything. Request a middleman on your accepted trade instead.
              </p>
              {answer.lookAlike && (
                <>
                  <p>
                    <strong>Careful:</strong> it looks like the {NAME_KIND[answer.lookAlike.matched]} of an
                    official middleman, written with look-alike letters. Impostors copy names this way. The
                    real middleman:
                  </p>
                  <MiddlemanNames
                    middleman={answer.lookAlike.middleman}
                    matched={answer.lookAlike.matched}
                    mark="the name it copies"
                  />
                </>
              )}
            </div>
          </div>
        )}
      </div>
    </section>
  )
}

/** /escrow-service: how the official middlemen work, who they are, the check, and what they never do. */
export function EscrowServicePage() {
  const query = useQuery(middlemenQuery)
  return (
    <Page
      title="Escrow service"
      lead="Official TradeHub middlemen hold one side of a trade in the game while the other side delivers, so neither trader has to go first."
    >
      <div className="grid gap-8">
        <CheckBox />
        <section aria-labelledby="list-title">
          <h2 id="list-title" className="font-semibold text-xl">
            The official middlemen
          </h2>
          {query.isPending ? (
            <Spinner label="Loading the middlemen" />
          ) : query.isError ? (
            <ErrorPanel onRetry={() => query.refetch()} />
          ) : query.data.middlemen.length === 0 ? (
            <p className="mt-2 text-muted">No official middlemen yet. Anyone who says they are one is not.</p>
          ) : (
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {query.data.middlemen.map((m) => (
                <li key={m.username} className="rounded-xl border border-line bg-surface p-4">
                  <MiddlemanCard middleman={m} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <Prose>
          <h2>How it works</h2>
          <ol>
            <li>
              You and the other trader agree on a trade in the <Link to="/trading">marketplace</Link>: the
              owner of the ad accepts the offer.
            </li>
            <li>Either of you taps "Request a middleman" on the accepted offer.</li>
            <li>
              An official middleman takes the request. They join the trade's conversation with a "TradeHub
              middleman" badge that nobody else can have, and you both get a notification.
            </li>
            <li>
              In the game, one trader hands their side to the middleman. Once the other trader has delivered,
              the middleman passes it on.
            </li>
            <li>
              The middleman closes the job as done or failed with a note, and you can rate them. If something
              went wrong, open a case in the <Link to="/dispute-center">dispute center</Link>.
            </li>
          </ol>
          <h2>What a TradeHub middleman never does</h2>
          <ul>
            <li>Never asks for your password, two-step code or .ROBLOSECURITY cookie.</li>
            <li>Never asks you to "give first" outside the trade's conversation on TradeHub.</li>
            <li>Never contacts you first: they only join trades that you requested here.</li>
            <li>Never asks for money or Robux. The service is free and no money changes hands.</li>
          </ul>
          <p>Someone breaks one of these rules? It is a scam: check their name above and report them.</p>
        </Prose>
      </div>
    </Page>
  )
}
