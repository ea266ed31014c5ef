import { Suspense, useId, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { SignInPrompt, useMe } from '@/features/accounts/web/public'
import { SidesEditor } from '@/features/catalog/web/public'
import type { TradeSlot } from '@/features/catalog/wfl'
import {
  AD_LIFETIMES,
  type AdLifetime,
  DEFAULT_AD_LIFETIME,
  TRADE_TAG_LABELS,
  TRADE_TAGS,
  TRADING_LIMITS,
  TRADING_MESSAGES,
  type TradeTag,
} from '@/features/trading/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ChoiceChip } from '@/platform/web/components/ui/choice-chip'
import { FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { Select } from '@/platform/web/components/ui/select'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { GAME_IDS, GAME_NAMES, type GameId, isGameId } from '@/shared/games'
import { usePostAd } from '../api'
import { TradeVerdict } from '../components/trade-verdict'
import { formatSpan } from '../format'
import { sideErrors, toRequestSlots } from '../sides'

const EMPTY = { give: [] as TradeSlot[], get: [] as TradeSlot[] }
const L = TRADING_LIMITS

/** What the form says about a refusal: each field's message, and one for the form. */
function refusal(error: unknown): { fields?: Record<string, string>; message?: string } {
  if (!(error instanceof ApiError)) return { message: 'The ad could not be posted. Try again.' }
  if (error.status === 429)
    return {
      message: error.retryAfterSeconds
        ? `${error.message}. Try again in ${formatSpan(error.retryAfterSeconds * 1000)}.`
        : error.message,
    }
  const fields = error.fields && Object.keys(error.fields).length > 0 ? error.fields : undefined
  return { fields, message: fields ? undefined : error.message }
}

function PostAdForm({ initialGame }: { initialGame: GameId }) {
  const navigate = useNavigate()
  const post = usePostAd()
  const [game, setGame] = useState<GameId>(initialGame)
  const [sides, setSides] = useState(EMPTY)
  const [tags, setTags] = useState<TradeTag[]>([])
  const [note, setNote] = useState('')
  const [hours, setHours] = useState<AdLifetime>(DEFAULT_AD_LIFETIME)
  const [problem, setProblem] = useState<{ fields?: Record<string, string>; message?: string }>({})
  const tagsId = useId()
  const hoursId = useId()
  const fields = problem.fields

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (sides.give.length === 0)
      return setProblem({ fields: { offering: 'offering needs at least one item' } })
    if (sides.get.length + tags.length === 0)
      return setProblem({ fields: { requesting: TRADING_MESSAGES.needsItemOrTag } })
    setProblem({})
    post.mutate(
      {
        game,
        offering: toRequestSlots(sides.give),
        requesting: toRequestSlots(sides.get),
        tags,
        ...(note.trim() && { note }),
        hours,
      },
      {
        onSuccess: ({ id }) => {
          toast.success('Your ad is posted', { description: 'Traders can now make offers on it.' })
          navigate(`/trading/ad/${id}`)
        },
        onError: (error) => setProblem(refusal(error)),
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <Select
        label="Game"
        value={game}
        options={GAME_IDS.map((id) => [id, GAME_NAMES[id]] as const)}
        onChange={(next) => {
          if (!isGameId(next) || next === game) return
          setGame(next)
          setSides(EMPTY)
          setProblem({})
        }}
      />
      {fields?.game && <p className="text-danger text-sm">{fields.game}</p>}

      <Suspense fallback={<Spinner label="Loading the item picker" />}>
        <SidesEditor
          key={game}
          game={game}
          sides={sides}
          titles={{ give: 'You offer', get: 'You want' }}
          max={{ give: L.maxOffered, get: L.maxRequested }}
          modifiers={false}
          errors={{ give: sideErrors(fields, 'offering'), get: sideErrors(fields, 'requesting') }}
          onChange={(next) => setSides(next)}
        >
          {(result, loading) => (
            <div aria-busy={loading} className="rounded-2xl border border-line bg-surface p-4">
              <TradeVerdict
                label="Your verdict"
                viewpoint="author"
                wfl={{
                  offering: result.give.total,
                  requesting: result.get.total,
                  difference: result.difference,
                  percent: result.percent,
                  verdict: result.verdict,
                  band: 0,
                }}
              />
              <p className="mt-2 text-muted text-xs">
                By the calculator's rule with the default fair band: traders see the same on your ad.
              </p>
            </div>
          )}
        </SidesEditor>
      </Suspense>

      <fieldset aria-describedby={`${tagsId}-hint`}>
        <legend className="font-medium text-sm">Also ask for (optional)</legend>
        <p id={`${tagsId}-hint`} className="mt-1 text-muted text-xs">
          Instead of items, or besides them.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {TRADE_TAGS.map((tag) => (
            <ChoiceChip
              key={tag}
              type="checkbox"
              checked={tags.includes(tag)}
              onChange={(on) => setTags((prev) => (on ? [...prev, tag] : prev.filter((t) => t !== tag)))}
            >
              {TRADE_TAG_LABELS[tag]}
            </ChoiceChip>
          ))}
        </div>
        {fields?.tags && <p className="mt-1 text-danger text-sm">{fields.tags}</p>}
      </fieldset>

      <TextAreaField
        label="Note (optional)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={L.maxNote}
        rows={3}
        hint={`${note.length} / ${L.maxNote} characters. Never share passwords or pay outside the game.`}
        error={fields?.note}
      />

      <fieldset>
        <legend id={hoursId} className="font-medium text-sm">
          Listed for
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {AD_LIFETIMES.map((value) => (
            <ChoiceChip
              key={value}
              type="radio"
              name="hours"
              value={value}
              checked={hours === value}
              onChange={() => setHours(value)}
            >
              {value} hours
            </ChoiceChip>
          ))}
        </div>
        {fields?.hours && <p className="mt-1 text-danger text-sm">{fields.hours}</p>}
      </fieldset>

      {problem.message && <FormMessage kind="error">{problem.message}</FormMessage>}
      {fields && <FormMessage kind="error">Check the fields marked above.</FormMessage>}
      <button type="submit" disabled={post.isPending} className={buttonClass('primary', 'lg')}>
        {post.isPending ? 'Posting…' : 'Post ad'}
      </button>
    </form>
  )
}

/** /trading/new: a signed-in trader with a username posts an ad (`?game=` chooses the game). */
export function PostAdPage() {
  const [params] = useSearchParams()
  const { me, isPending } = useMe()
  const asked = params.get('game') ?? ''
  const game: GameId = isGameId(asked) ? asked : 'blox-fruits'
  return (
    <Page
      title="Post a trade ad"
      lead="Say what you offer and what you want. Traders make offers; you accept one and trade in the game."
    >
      {isPending ? (
        <Spinner label="Loading" />
      ) : !me ? (
        <SignInPrompt back={`/trading/new${asked ? `?game=${asked}` : ''}`}>
          Sign in to post an ad.
        </SignInPrompt>
      ) : !me.profile.username ? (
        <FormMessage kind="info">{TRADING_MESSAGES.usernameFirst}.</FormMessage>
      ) : (
        <PostAdForm initialGame={game} />
      )}
    </Page>
  )
}
