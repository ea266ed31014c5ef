import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Panel } from '@/features/admin/web/public'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatCount } from '@/platform/web/lib/format'
import { GAME_NAMES, type GameId } from '@/shared/games'
import { missingImagesQuery } from '../api'

/** The value team's list: the game's items still shown as a tile, each linking to its page (upload there). */
export function MissingPictures({ game }: { game: GameId }) {
  const query = useQuery(missingImagesQuery(game))
  return (
    <Panel title="Items without a picture" id={`missing-pictures-${game}`}>
      {query.isPending ? (
        <Spinner label="Loading the items without a picture" />
      ) : query.isError ? (
        <ErrorPanel onRetry={() => query.refetch()} />
      ) : query.data.total === 0 ? (
        <p className="text-muted text-sm">Every item of {GAME_NAMES[game]} has a picture.</p>
      ) : (
        <>
          <p className="text-muted text-sm">
            {formatCount(query.data.total)} {query.data.total === 1 ? 'item shows' : 'items show'} a tile
            instead of a picture
            {query.data.total > query.data.items.length
              ? ` (the first ${formatCount(query.data.items.length)} by name)`
              : ''}
            . Upload one from the item's page.
          </p>
          <ul className="mt-2 flex flex-wrap gap-1.5 text-sm">
            {query.data.items.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/values/${game}/${item.id}`}
                  className="block rounded-lg border border-line bg-surface-2 px-2 py-0.5 hover:text-accent"
                >
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  )
}
