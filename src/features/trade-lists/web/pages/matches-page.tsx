import { Suspense } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { SignInPrompt, useMe } from '@/features/accounts/web/public'
import { Page } from '@/platform/web/components/ui/page'
import { Select } from '@/platform/web/components/ui/select'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { lazy } from '@/platform/web/lib/lazy'
import { GAME_IDS, GAME_NAMES, type GameId, isGameId } from '@/shared/games'
import { MatchesList } from '../components/matches-list'

/** The lists' editor (the calculator's item picker) loads with it, after the matches. */
const ListsEditor = lazy(async () => ({ default: (await import('../components/lists-editor')).ListsEditor }))

function Matches({ game }: { game: GameId }) {
  const navigate = useNavigate()
  return (
    <div className="flex flex-col gap-10">
      <div className="max-w-xs">
        <Select
          label="Game"
          value={game}
          options={GAME_IDS.map((id) => [id, GAME_NAMES[id]] as const)}
          onChange={(next) => {
            if (isGameId(next)) navigate(`/trading/matches?game=${next}`)
          }}
        />
      </div>
      <section aria-labelledby="matches-heading">
        <h2 id="matches-heading" className="font-bold text-xl">
          Matching ads
        </h2>
        <p className="mt-1 mb-4 text-muted text-sm">
          Open ads that offer something you want and ask for something you have (or take any offer), best for
          you first. The verdict is yours: what you get against what you give.
        </p>
        <MatchesList
          game={game}
          headingLevel={3}
          empty={
            <>
              No open ad matches your {GAME_NAMES[game]} lists yet. Add what you have and want below; we
              notify you when a new ad matches.{' '}
              <Link to={`/trading/${game}`} className="text-accent underline">
                Browse trade ads
              </Link>
            </>
          }
        />
      </section>
      <section aria-labelledby="lists-heading">
        <h2 id="lists-heading" className="font-bold text-xl">
          My {GAME_NAMES[game]} lists
        </h2>
        <p className="mt-1 mb-4 text-muted text-sm">
          Up to 100 items each. An item without a variant is the item's own (its default variant).
        </p>
        <Suspense fallback={<Spinner label="Loading your lists" />}>
          <ListsEditor game={game} />
        </Suspense>
      </section>
    </div>
  )
}

/** /trading/matches?game=: my have/want lists of a game and the open ads that match them. */
export function MatchesPage() {
  const [params] = useSearchParams()
  const { me, isPending } = useMe()
  const asked = params.get('game') ?? ''
  const game: GameId = isGameId(asked) ? asked : 'blox-fruits'
  return (
    <Page
      title="Trade matches"
      lead="Say what you have and what you want: the ads that fit both come here with the verdict for you, and new ones notify you."
      wide
    >
      {isPending ? (
        <Spinner />
      ) : me ? (
        <Matches game={game} />
      ) : (
        <SignInPrompt back={`/trading/matches${asked ? `?game=${asked}` : ''}`}>
          Sign in to keep have and want lists and see the ads that match them.
        </SignInPrompt>
      )}
    </Page>
  )
}
