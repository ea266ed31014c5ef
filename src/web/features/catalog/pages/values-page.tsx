import { ChevronRight } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { isGameId } from '@/shared/games'
import { NotFoundPage } from '@/web/app/not-found-page'
import { ErrorPanel } from '@/web/app/shell/error-panel'
import { Page } from '@/web/components/ui/page'
import { Spinner } from '@/web/components/ui/spinner'
import { formatCount } from '@/web/lib/format'
import { useGames } from '../api'

export function ValuesPage() {
  const { game } = useParams()
  const games = useGames()
  if (game !== undefined && !isGameId(game)) return <NotFoundPage />

  return (
    <Page title="Item values & WFL calculator" lead="Pick a game to see its item values." wide>
      {games.isPending ? (
        <Spinner label="Loading games" />
      ) : games.isError ? (
        <ErrorPanel onRetry={() => games.refetch()} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {games.data.games.map((g) => (
            <li key={g.id}>
              <Link
                to={`/trade-helper/${g.id}`}
                aria-current={g.id === game ? 'page' : undefined}
                className="flex items-center justify-between rounded-xl border border-line bg-surface p-4 hover:border-accent/60 aria-[current=page]:border-accent"
              >
                <span>
                  <span className="block font-semibold">{g.name}</span>
                  <span className="text-muted text-sm">
                    {formatCount(g.itemCount)} items · {formatCount(g.valuedCount)} valued
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  )
}
