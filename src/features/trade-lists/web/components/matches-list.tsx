import { useQuery } from '@tanstack/react-query'
import { LoadError } from '@/platform/web/components/ui/load-error'
import { Spinner } from '@/platform/web/components/ui/spinner'
import type { GameId } from '@/shared/games'
import { myMatchesQuery } from '../api'
import { MatchCard } from './match-card'

/**
 * The open ads that match my lists (of a game, or of all), best first, each with my verdict; `limit`:
 * the best few only. `empty`: what to say when there are none.
 */
export function MatchesList({
  game,
  limit,
  empty,
  headingLevel = 3,
}: {
  game?: GameId
  limit?: number
  empty: React.ReactNode
  headingLevel?: 2 | 3
}) {
  const query = useQuery(myMatchesQuery(game))
  if (query.isPending) return <Spinner label="Finding matches" />
  if (query.isError) return <LoadError what="Your matches" onRetry={() => query.refetch()} />
  const matches = limit === undefined ? query.data.matches : query.data.matches.slice(0, limit)
  if (matches.length === 0) return <p className="text-muted">{empty}</p>
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {matches.map((match) => (
        <li key={match.ad.id} className="min-w-0">
          <MatchCard match={match} headingLevel={headingLevel} showGame={game === undefined} />
        </li>
      ))}
    </ul>
  )
}
