import { useSearchParams } from 'react-router'
import { VALUE_SOURCE_LABELS, VALUE_SOURCES, type ValueSource } from '@/features/value-ops/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Page } from '@/platform/web/components/ui/page'
import { Select } from '@/platform/web/components/ui/select'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatCount } from '@/platform/web/lib/format'
import { GAME_IDS, GAME_NAMES, type GameId, isGameId } from '@/shared/games'
import { useChangeLog } from '../api'
import { ChangeList } from '../components/change-list'

const isSource = (v: string): v is ValueSource => (VALUE_SOURCES as readonly string[]).includes(v)

/** /values/changes: every value change, newest first, by game and by source; the view lives in the address. */
export function ChangesPage() {
  const [params, setParams] = useSearchParams()
  const gameParam = params.get('game') ?? ''
  const sourceParam = params.get('source') ?? ''
  const game: GameId | undefined = isGameId(gameParam) ? gameParam : undefined
  const source = isSource(sourceParam) ? sourceParam : undefined
  const page = Math.max(1, Number(params.get('page')) || 1)
  const query = useChangeLog({ game, source, page })
  const set = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value) next.set(key, value)
        else next.delete(key)
        if (key !== 'page') next.delete('page')
        return next
      },
      { preventScrollReset: key !== 'page' },
    )
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1

  return (
    <Page
      title={game ? `${GAME_NAMES[game]} value changes` : 'Value changes'}
      lead="Every change to a value, newest first: what it was, what it is, why, and who changed it."
      wide
    >
      <div className="flex flex-wrap gap-2">
        <Select
          hideLabel
          label="Game"
          value={game ?? ''}
          options={[['', 'All games'], ...GAME_IDS.map((g) => [g, GAME_NAMES[g]] as const)]}
          onChange={(value) => set('game', value)}
        />
        <Select
          hideLabel
          label="Source"
          value={source ?? ''}
          options={[
            ['', 'All sources'],
            ...VALUE_SOURCES.filter((s) => s !== 'catalog').map((s) => [s, VALUE_SOURCE_LABELS[s]] as const),
          ]}
          onChange={(value) => set('source', value)}
        />
      </div>
      <div className="mt-4">
        {query.isPending ? (
          <Spinner label="Loading changes" />
        ) : query.isError ? (
          <ErrorPanel onRetry={() => query.refetch()} />
        ) : query.data.changes.length === 0 ? (
          <p className="text-muted">No value changes yet{game ? ` for ${GAME_NAMES[game]}` : ''}.</p>
        ) : (
          <>
            <p aria-live="polite" className="mb-3 text-muted text-sm">
              {formatCount(query.data.total)} {query.data.total === 1 ? 'change' : 'changes'}
            </p>
            <ChangeList changes={query.data.changes} showGame={!game} />
            {pages > 1 && (
              <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  disabled={page <= 1}
                  onClick={() => set('page', String(page - 1))}
                >
                  Newer
                </button>
                <span className="text-muted">
                  Page {page} of {pages}
                </span>
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  disabled={page >= pages}
                  onClick={() => set('page', String(page + 1))}
                >
                  Older
                </button>
              </nav>
            )}
          </>
        )}
      </div>
    </Page>
  )
}
