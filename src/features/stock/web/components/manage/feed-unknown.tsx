import { useQuery } from '@tanstack/react-query'
import { STOCK_SHOPS } from '@/features/stock/rules'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatRelative } from '@/platform/web/lib/format'
import type { StockGameId } from '@/shared/games'
import { feedUnknownQuery } from '../../api'
import { errorText, Panel } from './panel'

const shopName = (game: StockGameId, shop: string) =>
  STOCK_SHOPS[game].find((s) => s.id === shop)?.name ?? shop

/**
 * The game feed's items the catalog lacks (never invented: the feed's report leaves them out), and how
 * its last read went. Shown only where a feed is set, or has listed items before.
 */
export function FeedUnknownItems({ game, now }: { game: StockGameId; now: number }) {
  const query = useQuery(feedUnknownQuery(game))
  if (query.isPending) return <Spinner label="Loading the feed's unknown items" className="py-4" />
  if (query.isError)
    return <FormMessage kind="error">{errorText(query.error, 'The feed could not be checked')}</FormMessage>
  const { configured, lastReadAt, lastError, items } = query.data
  if (!configured && items.length === 0) return null
  return (
    <Panel id="feed-unknown" title="Unknown items from the feed">
      <p className="text-muted text-sm">
        {lastReadAt
          ? `The game feed was last read ${formatRelative(lastReadAt, now)}.`
          : 'The game feed has not been read yet.'}{' '}
        Items it lists that the catalog lacks are left out of its reports. Add one with “Add a missing item”:
        the next read includes it.
      </p>
      {lastError && (
        <p className="mt-2 rounded-lg border border-warn/40 bg-warn/10 px-3 py-2 text-sm [overflow-wrap:anywhere]">
          <span className="font-semibold text-warn">The last read failed.</span> {lastError}
        </p>
      )}
      {items.length === 0 ? (
        <p className="mt-2 text-muted text-sm">Every item the feed listed is in the catalog.</p>
      ) : (
        <ul aria-label="Unknown items from the feed" className="mt-2 divide-y divide-line text-sm">
          {items.map((item) => (
            <li key={`${item.shop}/${item.feedId}`} className="py-2 [overflow-wrap:anywhere]">
              <p className="font-medium">
                {item.displayName}{' '}
                {item.displayName !== item.feedId && (
                  <span className="font-mono text-muted text-xs">{item.feedId}</span>
                )}
              </p>
              <p className="text-muted text-xs">
                {shopName(game, item.shop)} · seen {item.timesSeen} {item.timesSeen === 1 ? 'time' : 'times'},
                last {formatRelative(item.lastSeenAt, now)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
