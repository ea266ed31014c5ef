import { Suspense } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { NotFoundPage } from '@/platform/web/app/not-found-page'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { lazy } from '@/platform/web/lib/lazy'
import { NearScreen } from '@/platform/web/lib/near-screen'
import { Part } from '@/platform/web/lib/part'
import { Slot } from '@/platform/web/lib/slots'
import { isGameId } from '@/shared/games'
import { useGames } from '../api'
import { GamePicker } from '../components/game-picker'
import { ValuesBrowser } from '../components/values-browser'
import { valuesPageSections } from '../slots'
import { loadTradeCalculator, resolveView } from '../view'

/** The calculator's code loads with its tab (the route loader starts it at once for `?tab=wfl`). */
const TradeCalculator = lazy(loadTradeCalculator)

function TabLink({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className="rounded-lg px-4 py-2 font-semibold text-muted text-sm hover:text-ink aria-[current=page]:bg-accent aria-[current=page]:text-accent-ink"
    >
      {children}
    </Link>
  )
}

export function ValuesPage() {
  const { game: pathGame } = useParams()
  const [params] = useSearchParams()
  const games = useGames()
  if (pathGame !== undefined && !isGameId(pathGame)) return <NotFoundPage />

  const { game: gameId, tab, unknownGame } = resolveView(pathGame, params)
  const base = pathGame ? `/trade-helper/${pathGame}` : '/values-and-wfl'
  const keep = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams()
    if (!pathGame && gameId) next.set('game', gameId)
    const search = params.get('search')
    if (search) next.set('search', search)
    for (const [k, v] of Object.entries(changes)) v === null ? next.delete(k) : next.set(k, v)
    const s = next.toString()
    return s ? `?${s}` : ''
  }
  const hrefForGame = (id: string) => {
    const next = new URLSearchParams()
    if (tab === 'wfl') next.set('tab', 'wfl')
    else if (params.get('search')) next.set('search', params.get('search')!)
    const s = next.toString()
    return `/trade-helper/${id}${s ? `?${s}` : ''}`
  }

  const game = games.data?.games.find((g) => g.id === gameId) ?? null
  return (
    <Page
      title="Item values & WFL calculator"
      lead="Look up what an item is worth, then check your trade: win, fair or loss."
      wide
    >
      <Part>
        <div className="flex flex-col gap-4">
          <nav
            aria-label="Tool"
            className="inline-flex w-fit gap-1 rounded-xl border border-line bg-surface p-1"
          >
            <TabLink to={`${base}${keep({ tab: null })}`} current={tab === 'values'}>
              Values
            </TabLink>
            <TabLink to={`${base}${keep({ tab: 'wfl', search: null })}`} current={tab === 'wfl'}>
              WFL calculator
            </TabLink>
          </nav>
          {games.data && (
            <Part>
              <GamePicker
                games={games.data.games}
                current={gameId}
                hrefFor={hrefForGame}
                allHref={
                  tab === 'values' && params.get('search')
                    ? `/values-and-wfl?search=${encodeURIComponent(params.get('search')!)}`
                    : undefined
                }
              />
            </Part>
          )}
        </div>
      </Part>
      {unknownGame && (
        <p role="status" className="mt-4 text-sm text-warn">
          There is no game “{unknownGame}”; showing {game?.name ?? 'Blox Fruits'} instead.
        </p>
      )}

      {games.isPending ? (
        <Spinner label="Loading games" />
      ) : games.isError ? (
        <ErrorPanel onRetry={() => games.refetch()} />
      ) : tab === 'wfl' && game ? (
        <Suspense fallback={<Spinner label="Loading the calculator" />}>
          <TradeCalculator key={game.id} game={game} />
        </Suspense>
      ) : (
        <ValuesBrowser key={game?.id ?? 'all'} game={game} games={games.data.games} />
      )}
      {tab === 'values' && game && (
        // Under the list (its latest value changes): asked for when a trader scrolls down to it.
        <NearScreen>
          <Slot slot={valuesPageSections} game={game} />
        </NearScreen>
      )}
    </Page>
  )
}
