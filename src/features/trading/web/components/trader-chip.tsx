import { Link } from 'react-router'
import type { Trader } from '@/features/trading/contract'
import { VerifiedBadge } from '@/features/verification/web/public'
import { Avatar } from '@/platform/web/components/ui/avatar'
import { Rating } from '@/platform/web/components/ui/rating'
import { formatCount } from '@/platform/web/lib/format'

/**
 * A trader: avatar (or initial), username linking to their profile, the Verified badge with their
 * Roblox name, their newest achievements, trades completed and their rating (once they traded or were
 * reviewed).
 */
export function TraderChip({ trader }: { trader: Trader }) {
  const name = trader.displayName ?? trader.username
  const gone = trader.username === 'deleted'
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Avatar url={trader.avatar} name={name} />
      <div className="min-w-0 leading-tight">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2">
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
          <VerifiedBadge roblox={trader.roblox} />
          {trader.achievements.map((a) => (
            <span key={a.id} role="img" aria-label={a.name} title={a.name} className="text-sm">
              {a.icon}
            </span>
          ))}
        </div>
        <p className="flex flex-wrap items-center gap-x-2 text-muted text-xs">
          <span>
            {trader.completedTrades === 0
              ? 'No trades yet'
              : `${formatCount(trader.completedTrades)} trade${trader.completedTrades === 1 ? '' : 's'} completed`}
          </span>
          {(trader.completedTrades > 0 || trader.reviews.count > 0) && <Rating reviews={trader.reviews} />}
        </p>
      </div>
    </div>
  )
}
