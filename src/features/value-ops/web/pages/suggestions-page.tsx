import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { useMe } from '@/features/accounts/web/public'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Page } from '@/platform/web/components/ui/page'
import { Select } from '@/platform/web/components/ui/select'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { GAME_IDS, GAME_NAMES, isGameId } from '@/shared/games'
import { type SuggestionListParams, suggestionsQuery } from '../api'
import { SuggestionCard, type Viewer } from '../components/suggestion-card'

const STATUSES: [SuggestionListParams['status'], string][] = [
  ['pending', 'Open'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
]

const fieldClass = 'mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-ink'

/** The view of the address: `?game=&status=&page=` (anything unknown falls back to the default). */
function paramsOf(search: URLSearchParams): SuggestionListParams {
  const game = search.get('game') ?? ''
  const status = STATUSES.find(([s]) => s === search.get('status'))?.[0] ?? 'pending'
  const page = Number(search.get('page'))
  return {
    game: isGameId(game) ? game : undefined,
    status,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  }
}

/** /values/suggestions: every game's suggestions by status, with votes and, for editors, decisions. */
export function SuggestionsPage() {
  const [search, setSearch] = useSearchParams()
  const params = paramsOf(search)
  const query = useQuery(suggestionsQuery(params))
  const { me } = useMe()
  const viewer: Viewer = {
    signedIn: Boolean(me),
    editsGame: (g) => Boolean(me?.valueEditorGames.some((e) => e === g)),
  }
  const change = (next: Partial<SuggestionListParams>) => {
    const merged = { ...params, page: 1, ...next }
    const q = new URLSearchParams()
    if (merged.game) q.set('game', merged.game)
    if (merged.status !== 'pending') q.set('status', merged.status)
    if (merged.page > 1) q.set('page', String(merged.page))
    setSearch(q)
  }
  const pageCount = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1
  const statusLabel = STATUSES.find(([s]) => s === params.status)?.[1] ?? 'Open'

  return (
    <Page
      title="Value suggestions"
      lead="Values traders suggest for items, with the community's votes. The value team of each game approves or rejects them."
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label="Game"
          value={params.game ?? ''}
          options={[['', 'All games'], ...GAME_IDS.map((g): [string, string] => [g, GAME_NAMES[g]])]}
          onChange={(game) => change({ game: game || undefined })}
          className={fieldClass}
        />
        <Select
          label="Status"
          value={params.status}
          options={STATUSES}
          onChange={(status) => change({ status: status as SuggestionListParams['status'] })}
          className={fieldClass}
        />
      </div>

      {query.isPending ? (
        <Spinner label="Loading suggestions" />
      ) : query.isError ? (
        <p role="alert" className="mt-6 text-muted">
          Suggestions could not be loaded.{' '}
          <button type="button" className="text-accent underline" onClick={() => query.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          <p className="mt-6 text-muted text-sm" aria-live="polite">
            {query.data.total} {statusLabel.toLowerCase()}{' '}
            {query.data.total === 1 ? 'suggestion' : 'suggestions'}
            {params.game ? ` for ${GAME_NAMES[params.game as keyof typeof GAME_NAMES]}` : ''}
          </p>
          {query.data.suggestions.length === 0 ? (
            <p className="mt-4 text-muted">
              Nothing here yet. Suggest a value on any item's page, under Value suggestions —{' '}
              <Link to="/values-and-wfl" className="text-accent underline">
                find an item
              </Link>
              .
            </p>
          ) : (
            <ul aria-label="Suggestions" className="mt-4 grid gap-3">
              {query.data.suggestions.map((s) => (
                <li key={s.id}>
                  <SuggestionCard s={s} viewer={viewer} showItem />
                </li>
              ))}
            </ul>
          )}
          {pageCount > 1 && (
            <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
              {params.page > 1 && (
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  onClick={() => change({ page: params.page - 1 })}
                >
                  Previous
                </button>
              )}
              <span className="text-muted text-sm">
                Page {params.page} of {pageCount}
              </span>
              {params.page < pageCount && (
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  onClick={() => change({ page: params.page + 1 })}
                >
                  Next
                </button>
              )}
            </nav>
          )}
        </>
      )}
    </Page>
  )
}
