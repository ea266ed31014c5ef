import { useQuery } from '@tanstack/react-query'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { userAchievementsQuery } from '../api'
import { BadgeList } from './badge-list'

/** A public profile's achievements, with the day each was earned. */
export function TraderAchievements({ username }: { username: string }) {
  const query = useQuery(userAchievementsQuery(username))
  return (
    <section
      aria-labelledby="achievements-heading"
      className="mt-6 rounded-xl border border-line bg-surface p-5"
    >
      <h2 id="achievements-heading" className="font-semibold text-lg">
        Achievements
      </h2>
      <div className="mt-3">
        {query.isPending ? (
          <Spinner label="Loading achievements" />
        ) : query.isError ? (
          <ErrorPanel onRetry={() => query.refetch()} />
        ) : query.data.achievements.length === 0 ? (
          <p className="text-muted text-sm">No achievements yet.</p>
        ) : (
          <BadgeList achievements={query.data.achievements} />
        )}
      </div>
    </section>
  )
}
