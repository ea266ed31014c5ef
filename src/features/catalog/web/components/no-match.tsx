import { Link, useParams } from 'react-router'
import type { Game } from '@/features/catalog/contract'
import { useSearchAll } from '../api'

/**
 * Nothing in the game shown matches the search: which other games have it, each a link to that game's
 * list with the same search ("found in Grow a Garden").
 */
export function NoMatch({ search, game, games }: { search: string; game: Game | null; games: Game[] }) {
  const { game: pathGame } = useParams()
  const elsewhere = useSearchAll(search, game !== null && search !== '')
  const counts = new Map<string, number>()
  for (const item of elsewhere.data?.items ?? [])
    if (item.gameId !== game?.id) counts.set(item.gameId, (counts.get(item.gameId) ?? 0) + 1)
  const found = games.filter((g) => counts.has(g.id))
  const hrefOf = (id: string) =>
    pathGame
      ? `/trade-helper/${id}?${new URLSearchParams({ search })}`
      : `/values-and-wfl?${new URLSearchParams({ game: id, search })}`
  return (
    <div className="mt-4 text-muted">
      <p>No items found{game ? ` in ${game.name}` : ''}. Try fewer or shorter words.</p>
      {found.length > 0 && (
        <p className="mt-2">
          “{search}” is found in{' '}
          {found.map((g, i) => (
            <span key={g.id}>
              {i > 0 && (i === found.length - 1 ? ' and ' : ', ')}
              <Link to={hrefOf(g.id)} className="font-medium text-accent hover:underline">
                {g.name}
              </Link>
            </span>
          ))}
          .
        </p>
      )}
    </div>
  )
}
