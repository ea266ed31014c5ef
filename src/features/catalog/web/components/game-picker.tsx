import { Link } from 'react-router'
import type { Game } from '@/features/catalog/contract'
import { valueCoverage } from '@/features/catalog/rules'
import { formatCount } from '@/platform/web/lib/format'

const chip =
  'block shrink-0 whitespace-nowrap rounded-full border border-line px-3.5 py-1.5 font-medium text-muted text-sm transition-colors hover:text-ink aria-[current=page]:border-accent aria-[current=page]:bg-accent/15 aria-[current=page]:text-ink'

/** After a game's name: that it has no values yet, or how many of its items have one. */
function CoverageNote({ game }: { game: Game }) {
  const coverage = valueCoverage(game)
  if (coverage === 'full') return null
  return (
    <span className="font-normal">
      {' · '}
      {coverage === 'none'
        ? 'no values yet'
        : `${formatCount(game.valuedCount)} of ${formatCount(game.itemCount)} valued`}
    </span>
  )
}

/** The eight games as chips; the chosen one is marked current. `hrefFor` keeps the rest of the view. */
export function GamePicker({
  games,
  current,
  hrefFor,
  allHref,
}: {
  games: Game[]
  current: string | null
  hrefFor: (gameId: string) => string
  /** Shown when a search runs across all games. */
  allHref?: string
}) {
  return (
    <nav aria-label="Games" className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 sm:flex-wrap">
        {allHref && (
          <li>
            <Link to={allHref} aria-current={current === null ? 'page' : undefined} className={chip}>
              All games
            </Link>
          </li>
        )}
        {games.map((g) => (
          <li key={g.id}>
            <Link to={hrefFor(g.id)} aria-current={g.id === current ? 'page' : undefined} className={chip}>
              {g.name}
              <CoverageNote game={g} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
