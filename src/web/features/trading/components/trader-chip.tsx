import { Link } from 'react-router'
import type { Trader } from '@/shared/trading'
import { Avatar } from '@/web/components/ui/avatar'
import { formatCount } from '@/web/lib/format'

/** A trader: avatar (or initial), username linking to their profile, trades completed. */
export function TraderChip({ trader }: { trader: Trader }) {
  const name = trader.displayName ?? trader.username
  const gone = trader.username === 'deleted'
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Avatar url={trader.avatar} name={name} />
      <div className="min-w-0 leading-tight">
        {gone ? (
          <span className="font-semibold text-muted text-sm">Deleted trader</span>
        ) : (
          <Link
            to={`/u/${trader.username}`}
            className="inline-flex min-h-6 max-w-full items-center font-semibold text-sm hover:underline"
          >
            <span className="truncate">{trader.username}</span>
          </Link>
        )}
        <p className="text-muted text-xs">
          {trader.completedTrades === 0
            ? 'No trades yet'
            : `${formatCount(trader.completedTrades)} trade${trader.completedTrades === 1 ? '' : 's'} completed`}
        </p>
      </div>
    </div>
  )
}
