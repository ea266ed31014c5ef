import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { GuideSummary } from '@/features/guides/contract'
import { TeamLink } from '@/features/landing/web/public'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatDay } from '@/platform/web/lib/format'
import { GAME_IDS, GAME_NAMES, type GameId } from '@/shared/games'
import { guidesQuery } from '../api'

/** The guides of one group: all games first, then each game in menu order. */
const GROUPS: readonly (GameId | null)[] = [null, ...GAME_IDS]
const groupName = (game: GameId | null) => (game ? GAME_NAMES[game] : 'All games')
const groupId = (game: GameId | null) => `guides-${game ?? 'all'}`

function GuideCard({ guide }: { guide: GuideSummary }) {
  return (
    <li className="rounded-xl border border-line bg-surface p-4">
      <h3 className="font-semibold text-ink">
        <Link to={`/guides/${guide.slug}`} className="underline-offset-2 hover:underline">
          {guide.title}
        </Link>
      </h3>
      <p className="mt-1 text-muted text-xs">
        {groupName(guide.game)} · Updated <time dateTime={guide.updatedAt}>{formatDay(guide.updatedAt)}</time>
      </p>
      {guide.summary && <p className="mt-2 text-muted text-sm">{guide.summary}</p>}
    </li>
  )
}

/** /guides: the published guides by game, from the server's first answer. */
export function GuidesPage() {
  const query = useQuery(guidesQuery)
  return (
    <Page
      title="Trading guides"
      lead={
        <>
          How to trade safely, read the calculator and catch each restock. Suggest a topic through{' '}
          <TeamLink />.
        </>
      }
    >
      {query.isPending ? (
        <Spinner label="Loading guides" />
      ) : query.isError ? (
        <ErrorPanel onRetry={() => query.refetch()} />
      ) : query.data.guides.length === 0 ? (
        <p className="text-muted">No guides yet.</p>
      ) : (
        <div className="grid gap-8">
          {GROUPS.map((game) => {
            const guides = query.data.guides.filter((g) => g.game === game)
            if (guides.length === 0) return null
            return (
              <section key={game ?? 'all'} aria-labelledby={groupId(game)}>
                <h2 id={groupId(game)} className="font-semibold text-xl">
                  {groupName(game)}
                </h2>
                <ul className="mt-3 grid gap-3">
                  {guides.map((g) => (
                    <GuideCard key={g.slug} guide={g} />
                  ))}
                </ul>
              </section>
            )
          })}
        </div>
      )}
    </Page>
  )
}
