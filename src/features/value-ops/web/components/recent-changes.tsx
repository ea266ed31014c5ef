import { Link } from 'react-router'
import type { Game } from '@/features/catalog/contract'
import { useChangeLog } from '../api'
import { ChangeList } from './change-list'

/** A game's five latest value changes, under its values list, with a link to the whole log. */
export function RecentChanges({ game }: { game: Game }) {
  const query = useChangeLog({ game: game.id, pageSize: 5 })
  if (!query.data || query.data.changes.length === 0) return null
  return (
    <section aria-labelledby="recent-changes" className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-changes" className="font-semibold text-lg">
          Latest value changes
        </h2>
        <Link to={`/values/changes?game=${game.id}`} className="inline-flex min-h-6 items-center text-sm">
          All {game.name} changes
        </Link>
      </div>
      <div className="mt-3">
        <ChangeList changes={query.data.changes} showGame={false} />
      </div>
    </section>
  )
}
