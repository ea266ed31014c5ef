import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useMe } from '@/features/accounts/web/public'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatCount, formatDay } from '@/platform/web/lib/format'
import { achievementsQuery, userAchievementsQuery } from '../api'

export { prefetchAchievements } from '../api'

/** The signed-in trader's achievements (none asked for a visitor or before a username is chosen). */
function useMine() {
  const username = useMe().me?.profile.username ?? ''
  const query = useQuery({ ...userAchievementsQuery(username), enabled: username !== '' })
  return { username, earned: new Map(query.data?.achievements.map((a) => [a.id, a.earnedAt])) }
}

/** /achievements: every achievement, how it is earned, how many hold it, and which ones I have. */
export function AchievementsPage() {
  const query = useQuery(achievementsQuery)
  const mine = useMine()
  return (
    <Page
      title="Achievements"
      lead="Badges that show how a trader uses TradeHub. They are computed from what happens on the site, earned once and kept: nobody can grant, buy or sell one."
    >
      {mine.username ? (
        <p className="mb-6 text-muted text-sm">
          You hold {mine.earned.size} of {query.data?.achievements.length ?? '…'}. Others see yours on{' '}
          <Link to={`/u/${mine.username}`} className="underline underline-offset-2">
            your profile
          </Link>{' '}
          and beside your name on your ads.
        </p>
      ) : null}
      {query.isPending ? (
        <Spinner label="Loading achievements" />
      ) : query.isError ? (
        <ErrorPanel onRetry={() => query.refetch()} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {query.data.achievements.map((a) => {
            const earnedAt = mine.earned.get(a.id)
            return (
              <li
                key={a.id}
                className={`flex gap-3 rounded-xl border bg-surface p-4 ${earnedAt ? 'border-accent/60' : 'border-line'}`}
              >
                <span aria-hidden="true" className="text-3xl leading-none">
                  {a.icon}
                </span>
                <div className="min-w-0">
                  <h2 className="font-semibold">{a.name}</h2>
                  <p className="mt-1 text-muted text-sm">{a.rule}</p>
                  <p className="mt-2 text-xs">
                    {a.holders === 1 ? '1 trader holds it' : `${formatCount(a.holders)} traders hold it`}
                    {earnedAt && (
                      <span className="ml-2 font-semibold text-accent">
                        You earned it on <time dateTime={earnedAt}>{formatDay(earnedAt)}</time>
                      </span>
                    )}
                  </p>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      <p className="mt-8 text-muted text-sm">
        An achievement is not a guarantee that someone is honest: keep to the{' '}
        <Link to="/safe-sender-guide" className="underline underline-offset-2">
          safe trading basics
        </Link>
        . Invite friends through the{' '}
        <Link to="/referral-program" className="underline underline-offset-2">
          referral program
        </Link>{' '}
        to earn Recruiter.
      </p>
    </Page>
  )
}
